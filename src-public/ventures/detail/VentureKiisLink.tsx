import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VentureView as Venture } from '../../../src-shared/api/types';

/** The key investment information sheet's address in the reader's language (GET /api/ventures/{id}/kiis). */
export const kiisHref = (ventureId: string, lang: string) =>
  `/api/ventures/${encodeURIComponent(ventureId)}/kiis?lang=${encodeURIComponent(lang)}`;

/**
 * The link to the venture's key investment information sheet (EU 2020/1503 Art. 23), a PDF in the
 * reader's language. Shown for an approved venture: approving publishes its sheet (decision 0103).
 */
export function VentureKiisLink({ venture }: { venture: Venture }) {
  const { t, i18n } = useTranslation();
  if (venture.adminStatus !== 'approved') return null;
  const lang = ['en', 'de', 'es', 'fr'].includes(i18n.language) ? i18n.language : 'en';
  return (
    <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <PictureAsPdfOutlined color="primary" aria-hidden sx={{ mt: '2px' }} />
      <Box>
        <Link
          href={kiisHref(venture._id, lang)}
          target="_blank"
          rel="noopener"
          sx={{ fontWeight: 600 }}
          aria-describedby="venture-kiis-note"
        >
          {t('kiis.link')}
        </Link>
        <Typography id="venture-kiis-note" variant="body2" color="text.secondary">
          {t('kiis.note')}
        </Typography>
      </Box>
    </Box>
  );
}
