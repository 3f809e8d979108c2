import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { MAX_IMAGES } from '../../../../src-shared/rules/venture';
import { errorText } from '../../../components/errors';
import type { BackofficeDataProvider } from '../../../providers/dataProvider';
import { ImageCropper, type CropSource } from './ImageCropper';
import { T } from './imagesKey';

/** What the picker takes (the server checks the bytes too: JPEG, PNG or WebP, 415 otherwise). */
export const ACCEPTED_IMAGES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
} as const;
/** The contract's 10 MB per image (the server answers 413 above it). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The translation key of a file the picker refused (react-dropzone's error codes). */
export function rejectionMessage(rejections: readonly FileRejection[]): string {
  const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
  if (codes.has('too-many-files')) return `${T}.one_at_a_time`;
  if (codes.has('file-too-large')) return `${T}.file_too_large`;
  return `${T}.wrong_type`;
}

interface Picked {
  file: File;
  url: string;
}

interface ImageUploadProps {
  ventureId: Identifier;
  /** True once the venture has its 4 images: a line says so instead of the picker. */
  full: boolean;
  /** The running upload's share sent (0 to 1), or null while none runs; held by the page. */
  progress: number | null;
  onProgress(progress: number | null): void;
  /** Reads the venture's queries anew once an upload ended. */
  refresh(): Promise<void>;
}

/** Adding an image: the dropzone and its button, then the cropper with the upload and its progress. */
export const ImageUpload = ({ ventureId, full, progress, onProgress, refresh }: ImageUploadProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [picked, setPicked] = useState<Picked | null>(null);
  // A translation key (the picker's and the cropper's refusals), or the failed upload: 'Upload
  // failed.' with the server's message under it (translated by its code).
  const [message, setMessage] = useState<string | { failed: string } | null>(null);
  const source = useRef<CropSource | null>(null);
  const uploading = progress !== null;

  // The object URL of the picked file lives as long as it is shown.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const pick = (file: File) => {
    setMessage(null);
    setPicked({ file, url: URL.createObjectURL(file) });
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: ACCEPTED_IMAGES as unknown as Record<string, string[]>,
    maxSize: MAX_IMAGE_BYTES,
    multiple: false,
    maxFiles: 1,
    // The button opens the file dialog; the area only takes a dropped file.
    noClick: true,
    noKeyboard: true,
    disabled: uploading || full,
    onDropAccepted: (files) => {
      if (files[0]) pick(files[0]);
    },
    onDropRejected: (rejections) => setMessage(rejectionMessage(rejections)),
  });

  const cancel = () => {
    setPicked(null);
    setMessage(null);
  };

  const upload = async () => {
    setMessage(null);
    const cropped = source.current ? await source.current.croppedJpeg() : 'no_crop';
    if (cropped === 'no_crop' || cropped === 'crop_failed') {
      setMessage(`${T}.${cropped}`);
      return;
    }
    onProgress(0);
    try {
      await dataProvider.uploadVentureImage(ventureId, cropped, onProgress);
      setPicked(null);
      notify(`${T}.uploaded`, { type: 'success' });
      await refresh();
    } catch (error) {
      // 413, 415, 'You can only upload up to 4 images.', no answer...: the message the provider
      // translated by its code, under 'Upload failed.'
      setMessage({ failed: errorText(error, '') });
      await refresh();
    } finally {
      onProgress(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Box component="section" aria-labelledby="venture-images-add">
      <Typography variant="h6" component="h2" id="venture-images-add" gutterBottom>
        {translate(picked ? `${T}.crop_heading` : `${T}.add_heading`)}
      </Typography>
      {typeof message === 'string' ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {translate(message)}
        </Alert>
      ) : message ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          <AlertTitle>{translate(`${T}.upload_failed`)}</AlertTitle>
          {message.failed}
        </Alert>
      ) : null}
      {full ? (
        <Alert severity="info">{translate(`${T}.limit_reached`, { max: MAX_IMAGES })}</Alert>
      ) : picked ? (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.crop_help`)}
          </Typography>
          <ImageCropper
            src={picked.url}
            onSource={(next) => {
              source.current = next;
            }}
            onUnreadable={() => {
              setPicked(null);
              setMessage(`${T}.unreadable`);
            }}
          />
          {uploading ? (
            <Box>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={translate(`${T}.upload_progress`)}
              />
              <Typography variant="caption" role="status">
                {translate(`${T}.uploading`, { percent })}
              </Typography>
            </Box>
          ) : null}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<UploadIcon />} onClick={upload} disabled={uploading}>
              {translate(`${T}.upload`)}
            </Button>
            <Button onClick={cancel} disabled={uploading}>
              {translate(`${T}.cancel`)}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Box
          {...getRootProps()}
          sx={{
            border: '2px dashed',
            borderColor: isDragActive ? 'primary.main' : 'divider',
            borderRadius: 1,
            p: { xs: 2, sm: 3 },
            textAlign: 'center',
            bgcolor: isDragActive ? 'action.hover' : undefined,
          }}
        >
          <input {...getInputProps({ 'aria-label': translate(`${T}.file_input`) })} />
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(isDragActive ? `${T}.drop_active` : `${T}.drop_hint`)}
          </Typography>
          {/* Disabled like the dropzone while an upload ends (its list is read again): a click would do nothing. */}
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateIcon />}
            onClick={open}
            disabled={uploading}
          >
            {translate(`${T}.choose`)}
          </Button>
        </Box>
      )}
    </Box>
  );
};
