import { useRef, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { HOME_HERO_POSTER } from '../../src-shared/constants/media';
import { useNearViewport } from './useNearViewport';

/** The site's one clip (public/media): an 8 s loop over the home hero's scene, 960x540. */
export const AMBIENT_VIDEO = {
  webm: '/media/sunrise.webm',
  mp4: '/media/sunrise.mp4',
  poster: HOME_HERO_POSTER,
  width: 960,
  height: 540,
} as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** How far below the viewport the clip starts loading. */
const NEAR_VIEWPORT = '200px';

interface NetworkInformationLike {
  saveData?: boolean;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function reducedMotionQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : undefined;
}

/** True when the visitor asked for less motion or for data saving: then only the poster shows. */
function posterOnlySnapshot(): boolean {
  return Boolean(reducedMotionQuery()?.matches) || connection()?.saveData === true;
}

function subscribePosterOnly(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener?.('change', onChange);
  connection()?.addEventListener?.('change', onChange);
  return () => {
    query?.removeEventListener?.('change', onChange);
    connection()?.removeEventListener?.('change', onChange);
  };
}

export function usePosterOnly(): boolean {
  return useSyncExternalStore(subscribePosterOnly, posterOnlySnapshot, () => true);
}

/**
 * A short muted looping clip. It is decoration (the page says everything in words), so the
 * media is hidden from assistive technology; the caller adds a caption where one helps. The
 * clip is fetched only when it comes near the viewport, so it never delays the first paint;
 * with reduced motion or data saving only the poster image is shown. The box keeps the clip's
 * aspect ratio (or fills its parent with `cover`), so nothing moves when it loads. A button
 * pauses it (WCAG 2.2.2: moving content that lasts over 5 seconds can be stopped).
 */
export function AmbientVideo({ cover = false, sx }: { cover?: boolean; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const posterOnly = usePosterOnly();
  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(boxRef, !posterOnly, NEAR_VIEWPORT);
  const [paused, setPaused] = useState(false);
  const { width, height, poster } = AMBIENT_VIDEO;

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (paused) {
      setPaused(false);
      void video.play?.()?.catch(() => setPaused(true));
    } else {
      video.pause?.();
      setPaused(true);
    }
  };

  // Plain elements (not Box): their width and height attributes give the size before loading.
  const mediaStyle: React.CSSProperties = {
    display: 'block',
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    ...(cover ? { position: 'absolute', inset: 0 } : {}),
  };

  return (
    <Box
      ref={boxRef}
      data-testid="ambient-video"
      sx={[
        { position: cover ? 'absolute' : 'relative', overflow: 'hidden', bgcolor: '#0d2b22' },
        cover ? { inset: 0 } : { width: '100%', aspectRatio: `${width} / ${height}` },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {posterOnly ? (
        <img src={poster} alt="" width={width} height={height} style={mediaStyle} />
      ) : (
        <>
          {/* A new element once near the viewport: it starts with its sources, so the browser
              loads and autoplays it without a load() call; until then only the poster is fetched. */}
          <video
            key={near ? 'near' : 'idle'}
            ref={videoRef}
            muted
            loop
            playsInline
            autoPlay={!paused}
            preload="none"
            poster={poster}
            width={width}
            height={height}
            aria-hidden="true"
            tabIndex={-1}
            style={mediaStyle}
          >
            {near ? (
              <>
                <source src={AMBIENT_VIDEO.webm} type="video/webm" />
                <source src={AMBIENT_VIDEO.mp4} type="video/mp4" />
              </>
            ) : null}
          </video>
          <IconButton
            size="small"
            onClick={toggle}
            aria-label={paused ? t('media.play') : t('media.pause')}
            sx={{
              position: 'absolute',
              right: 8,
              bottom: 8,
              zIndex: 2,
              color: '#fff',
              bgcolor: 'rgba(0,0,0,0.55)',
              '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
            }}
          >
            {paused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
          </IconButton>
        </>
      )}
    </Box>
  );
}
