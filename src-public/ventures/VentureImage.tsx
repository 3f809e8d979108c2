import { useState } from 'react';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES, imageVariantSrcSet } from '../../src-shared/images/variants';
import { VENTURE_FALLBACK_IMAGE, ventureImageUrl } from '../lib/images';

export { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES };

/** A styled img, not Box: Box takes `width` and `height` as style props, not as the attributes
 * that give the browser the picture's ratio before it loads. */
const Img = styled('img')(({ theme }) => ({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  backgroundColor: theme.palette.grey[200],
}));

/**
 * A venture's cover (its first image, spec 2.3) with the fallback picture when there is none or it
 * does not load. `placeholderAlt` describes the fallback picture (it is not the venture's cover).
 * A stored picture comes with WebP copies at three widths (src-shared/images/variants.ts) that the
 * browser picks from by `sizes`; the JPEG is the fallback. `priority` is for the page's largest
 * picture (its LCP element): loaded at once and first; every other cover loads lazily.
 */
export function VentureImage({
  images,
  alt,
  placeholderAlt = alt,
  sx,
  priority = false,
  sizes = CARD_IMAGE_SIZES,
}: {
  images: readonly string[] | undefined;
  alt: string;
  placeholderAlt?: string;
  sx?: SxProps<Theme>;
  priority?: boolean;
  sizes?: string;
}) {
  const src = ventureImageUrl(images);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? VENTURE_FALLBACK_IMAGE : src;
  const srcSet = imageVariantSrcSet(shown);
  return (
    <picture style={{ display: 'block' }}>
      {srcSet ? <source type="image/webp" srcSet={srcSet} sizes={sizes} /> : null}
      <Img
        src={shown}
        alt={shown === VENTURE_FALLBACK_IMAGE ? placeholderAlt : alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        width={1600}
        height={900}
        onError={() => {
          if (shown !== VENTURE_FALLBACK_IMAGE) setFailedSrc(src);
        }}
        sx={sx}
      />
    </picture>
  );
}
