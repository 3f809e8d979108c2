import { Box, Typography } from '@mui/material';
import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { CROP_ASPECT_RATIO, initialCrop, outputSize } from './cropBox';

/** Why no picture came out of the cropper: no crop box, or the canvas gave nothing. */
export type CropFailure = 'no_crop' | 'crop_failed';

/** The page's handle on the cropper: the crop as a JPEG, or why there is none. */
export interface CropSource {
  croppedJpeg(): Promise<Blob | CropFailure>;
}

/** JPEG quality of the picture sent (the server re-encodes it once more). */
export const JPEG_QUALITY = 0.9;

/** The crop of `cropper` as a JPEG of at most 1920x1080, white behind transparent pixels. */
export async function croppedJpeg(cropper: Cropper | null): Promise<Blob | CropFailure> {
  const data = cropper?.getData(true);
  if (!cropper || !data || !(data.width >= 1) || !(data.height >= 1)) return 'no_crop';
  const canvas = cropper.getCroppedCanvas({
    ...outputSize(data.width, data.height),
    fillColor: '#fff',
    imageSmoothingEnabled: true,
    imageSmoothingQuality: 'high',
  }) as HTMLCanvasElement | null;
  if (!canvas) return 'crop_failed';
  const blob = await new Promise<Blob | null>((resolve) => {
    try {
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY);
    } catch {
      resolve(null); // e.g. a tainted or too large canvas
    }
  });
  return blob ?? 'crop_failed';
}

interface ImageCropperProps {
  /** An object URL of the picked file. */
  src: string;
  /** Receives the handle once the cropper exists (null when it goes). */
  onSource(source: CropSource | null): void;
  /** The picked file is not an image the browser can open. */
  onUnreadable(): void;
}

/**
 * cropperjs at 16:9 on the picked image (spec 2.6): the first crop is 80% of the image's width,
 * centred (cropBox.ts), and the preview beside it follows every move of the crop box.
 */
export const ImageCropper = ({ src, onSource, onUnreadable }: ImageCropperProps) => {
  const translate = useTranslate();
  const imageRef = useRef<HTMLImageElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const onSourceRef = useRef(onSource);
  onSourceRef.current = onSource;

  useEffect(() => {
    const image = imageRef.current;
    if (!image) return undefined;
    const cropper: Cropper = new Cropper(image, {
      aspectRatio: CROP_ASPECT_RATIO,
      viewMode: 1,
      autoCropArea: 0.8,
      // The browser already turns the picture by its EXIF orientation; cropper's own check reads the
      // file again through XMLHttpRequest, which the page's CSP (connect-src 'self') refuses for blob:.
      checkOrientation: false,
      zoomOnWheel: false,
      responsive: true,
      preview: previewRef.current ?? undefined,
      ready() {
        const { naturalWidth, naturalHeight } = cropper.getImageData();
        cropper.setData(initialCrop(naturalWidth, naturalHeight));
        // cropper shows the picture twice (whole and inside the crop box) with the same alt: a
        // screen reader hears it once, the copy in the crop box is decoration.
        const container = image.parentElement?.querySelector('.cropper-container');
        container?.querySelectorAll('.cropper-view-box img').forEach((copy) => copy.setAttribute('alt', ''));
      },
    });
    onSourceRef.current({ croppedJpeg: () => croppedJpeg(cropper) });
    return () => {
      onSourceRef.current(null);
      cropper.destroy();
    };
  }, [src]);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box
        sx={{
          width: '100%',
          height: { xs: 240, sm: 360, md: 420 },
          bgcolor: 'action.hover',
          // The browser turns photos by their EXIF orientation (cropper's CSS says 0deg).
          '& img': { imageOrientation: 'from-image !important' },
        }}
      >
        <Box
          component="img"
          ref={imageRef}
          src={src}
          alt={translate('app.corporate.images.crop_alt')}
          onError={onUnreadable}
          sx={{ display: 'block', maxWidth: '100%' }}
        />
      </Box>
      <Box component="figure" sx={{ m: 0 }}>
        <Box
          ref={previewRef}
          aria-hidden="true"
          sx={{
            width: '100%',
            maxWidth: 320,
            aspectRatio: '16 / 9',
            overflow: 'hidden',
            bgcolor: 'action.hover',
            borderRadius: 1,
            '& img': { imageOrientation: 'from-image !important' },
          }}
        />
        <Typography component="figcaption" variant="caption" color="text.secondary">
          {translate('app.corporate.images.preview')}
        </Typography>
      </Box>
    </Box>
  );
};
