import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import {
  Confirm,
  Title,
  useCreatePath,
  useDataProvider,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { MAX_IMAGES } from '../../../../src-shared/rules/venture';
import { errorText } from '../../../components/errors';
import type { BackofficeDataProvider } from '../../../providers/dataProvider';
import type { VentureRecord } from '../../../resources/ventures/ventureRecord';
import { ventureImageUrl } from '../../../resources/ventures/ventureImage';
import { VentureLoadError } from '../VentureLoadError';
import { ImageCropper, type CropSource } from './ImageCropper';

/** What the picker takes (the server checks the bytes too: JPEG, PNG or WebP, 415 otherwise). */
export const ACCEPTED_IMAGES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
} as const;
/** The contract's 10 MB per image (the server answers 413 above it). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const T = 'app.corporate.images';

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

/** One image of the gallery with its delete cross (shown on hover, on keyboard focus and on touch screens). */
const GalleryImage = ({
  url,
  n,
  title,
  onDelete,
  disabled,
}: {
  url: string;
  n: number;
  title: string;
  onDelete(): void;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="li"
      sx={{
        position: 'relative',
        listStyle: 'none',
        borderRadius: 1,
        overflow: 'hidden',
        '& .delete-image': { opacity: 0, transition: 'opacity 120ms' },
        '&:hover .delete-image, &:focus-within .delete-image, & .delete-image:focus-visible': {
          opacity: 1,
        },
        // Without a pointer that hovers (phones), the cross is always there.
        '@media (hover: none)': { '& .delete-image': { opacity: 1 } },
      }}
    >
      <Box
        component="img"
        src={url}
        alt={translate(`${T}.image_alt`, { n, title })}
        sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
      />
      <IconButton
        className="delete-image"
        aria-label={translate(`${T}.delete`, { n })}
        onClick={onDelete}
        disabled={disabled}
        size="small"
        sx={{
          position: 'absolute',
          top: 6,
          right: 6,
          color: '#fff',
          bgcolor: 'rgba(0, 0, 0, 0.65)',
          '&:hover, &:focus-visible': { bgcolor: 'rgba(0, 0, 0, 0.85)' },
          '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 1 },
        }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
};

/** The venture's images: the gallery, then the picker and the cropper while fewer than 4 exist. */
const VentureImages = ({ venture }: { venture: VentureRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [picked, setPicked] = useState<Picked | null>(null);
  // A translation key (the picker's and the cropper's refusals), or the failed upload: 'Upload
  // failed.' with the server's message under it (translated by its code).
  const [message, setMessage] = useState<string | { failed: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<{ path: string; n: number } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const source = useRef<CropSource | null>(null);

  const paths = (venture.images ?? []).filter((path) => ventureImageUrl(path) !== null);
  const full = paths.length >= MAX_IMAGES;
  const uploading = progress !== null;
  const title = venture.title ?? '';

  // The object URL of the picked file lives as long as it is shown.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);

  /** The venture page and the lists show the new images: every venture query is read anew. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ventures'] });

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
    setProgress(0);
    try {
      await dataProvider.uploadVentureImage(venture.id, cropped, setProgress);
      setPicked(null);
      notify(`${T}.uploaded`, { type: 'success' });
      await refresh();
    } catch (error) {
      // 413, 415, 'You can only upload up to 4 images.', no answer...: the message the provider
      // translated by its code, under 'Upload failed.'
      setMessage({ failed: errorText(error, '') });
      await refresh();
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dataProvider.deleteVentureImage(venture.id, toDelete.path);
      notify(`${T}.deleted`, { type: 'success' });
      await refresh();
    } catch (error) {
      notify(errorText(error, `${T}.delete_failed`), { type: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          component={Link}
          to={createPath({ resource: 'ventures', type: 'show', id: venture.id })}
          startIcon={<ArrowBackIcon />}
          variant="outlined"
        >
          {translate(`${T}.back`)}
        </Button>
        <Button
          component={Link}
          to={createPath({ resource: 'ventures', type: 'edit', id: venture.id })}
          startIcon={<EditIcon />}
          variant="outlined"
        >
          {translate('app.corporate.ventures.edit_details')}
        </Button>
      </Stack>

      <Box component="section" aria-labelledby="venture-images-gallery">
        <Typography variant="h6" component="h2" id="venture-images-gallery">
          {translate(`${T}.gallery`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate(`${T}.count`, { count: paths.length, max: MAX_IMAGES })}
        </Typography>
        {paths.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {paths.map((path, i) => (
              <GalleryImage
                key={path}
                url={ventureImageUrl(path)!}
                n={i + 1}
                title={title}
                disabled={deleting || uploading}
                onDelete={() => setToDelete({ path, n: i + 1 })}
              />
            ))}
          </Box>
        )}
      </Box>

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

      <Confirm
        isOpen={toDelete !== null}
        loading={deleting}
        title={`${T}.delete_title`}
        content={`${T}.delete_content`}
        contentTranslateOptions={{ n: toDelete?.n ?? '' }}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
};

/**
 * Spec 2.6 "Image upload" at /corporate/ventures/{id}/edit-venture-images: pick an image
 * (react-dropzone: JPEG, PNG or WebP, 10 MB, one at a time), crop it at 16:9 with a live preview
 * (cropperjs; the first crop 80% of the width), upload the crop as a JPEG of at most 1920x1080 with
 * its progress, then the gallery with a delete cross per image (after a confirmation). At most 4
 * images: the picker gives way to a line saying so. The venture is read through the corporate
 * getOne (owner-scoped): another company's venture shows 'Unable to load venture details.' and no
 * picker. Loaded on demand (React.lazy), so cropperjs and react-dropzone stay out of the first load.
 */
const VentureImagesPage = () => {
  const { ventureId = '' } = useParams();
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<VentureRecord>(
    'ventures',
    { id: ventureId },
    { enabled: ventureId !== '', retry: false },
  );
  const title = data?.title ? translate(`${T}.title`, { title: data.title }) : translate(`${T}.page_title`);
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 1100, minWidth: 0 }}>
      <Title title={title} />
      <Card variant="outlined">
        {isPending ? (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        ) : error || !data ? (
          <VentureLoadError />
        ) : (
          <CardContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate(`${T}.intro`, { max: MAX_IMAGES })}
            </Typography>
            <VentureImages venture={data} />
          </CardContent>
        )}
      </Card>
    </Box>
  );
};

export default VentureImagesPage;
