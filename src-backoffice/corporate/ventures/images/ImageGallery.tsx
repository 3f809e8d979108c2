import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { MAX_IMAGES } from '../../../../src-shared/rules/venture';
import { errorText } from '../../../components/errors';
import type { BackofficeDataProvider } from '../../../providers/dataProvider';
import { ventureImageUrl } from '../../../resources/ventures/ventureImage';
import { T } from './imagesKey';

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

interface ImageGalleryProps {
  ventureId: Identifier;
  title: string;
  /** The stored images' paths (those with a URL). */
  paths: string[];
  /** True while an upload runs: no deleting meanwhile. */
  uploading: boolean;
  /** Reads the venture's queries anew once an image is gone. */
  refresh(): Promise<void>;
}

/** The gallery: the images two a row (one on a phone), each deleted after a confirmation. */
export const ImageGallery = ({ ventureId, title, paths, uploading, refresh }: ImageGalleryProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [toDelete, setToDelete] = useState<{ path: string; n: number } | null>(null);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dataProvider.deleteVentureImage(ventureId, toDelete.path);
      notify(`${T}.deleted`, { type: 'success' });
      await refresh();
    } catch (error) {
      notify(errorText(error, `${T}.delete_failed`), { type: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <>
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
    </>
  );
};
