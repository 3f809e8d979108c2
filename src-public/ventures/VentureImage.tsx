import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { VENTURE_FALLBACK_IMAGE, ventureImageUrl } from '../lib/images';

/**
 * A venture's cover (its first image, spec 2.3) with the fallback picture when there is none or it
 * does not load. `placeholderAlt` describes the fallback picture (it is not the venture's cover).
 */
export function VentureImage({
  images,
  alt,
  placeholderAlt = alt,
  sx,
  eager = false,
}: {
  images: readonly string[] | undefined;
  alt: string;
  placeholderAlt?: string;
  sx?: SxProps<Theme>;
  eager?: boolean;
}) {
  const src = ventureImageUrl(images);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? VENTURE_FALLBACK_IMAGE : src;
  return (
    <Box
      component="img"
      src={shown}
      alt={shown === VENTURE_FALLBACK_IMAGE ? placeholderAlt : alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={1600}
      height={900}
      onError={() => {
        if (shown !== VENTURE_FALLBACK_IMAGE) setFailedSrc(src);
      }}
      sx={[
        {
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: '16 / 9',
          objectFit: 'cover',
          bgcolor: 'grey.200',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
