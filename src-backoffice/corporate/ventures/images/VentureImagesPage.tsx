import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useCreatePath, useGetOne, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { MAX_IMAGES } from '../../../../src-shared/rules/venture';
import type { VentureRecord } from '../../../resources/ventures/ventureRecord';
import { ventureImageUrl } from '../../../resources/ventures/ventureImage';
import { VentureLoadError } from '../VentureLoadError';
import { ImageGallery } from './ImageGallery';
import { ImageUpload } from './ImageUpload';
import { T } from './imagesKey';

/** The venture's images: the gallery, then the picker and the cropper while fewer than 4 exist. */
const VentureImages = ({ venture }: { venture: VentureRecord }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  // The running upload's progress: the gallery's delete crosses wait for its end.
  const [progress, setProgress] = useState<number | null>(null);

  const paths = (venture.images ?? []).filter((path) => ventureImageUrl(path) !== null);

  /** The venture page and the lists show the new images: every venture query is read anew. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['ventures'] });

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
      <ImageGallery
        ventureId={venture.id}
        title={venture.title ?? ''}
        paths={paths}
        uploading={progress !== null}
        refresh={refresh}
      />
      <ImageUpload
        ventureId={venture.id}
        full={paths.length >= MAX_IMAGES}
        progress={progress}
        onProgress={setProgress}
        refresh={refresh}
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
 * The gallery is ImageGallery.tsx, the picker, cropper and upload ImageUpload.tsx.
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
