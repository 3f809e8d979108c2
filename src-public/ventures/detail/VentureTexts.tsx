import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VentureView as Venture } from '../../../src-shared/api/types';

function TextBlock({ title, text }: { title: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.75, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The venture's texts (summary, details, collateral: each only when written) and its tags. */
export function VentureTexts({ venture }: { venture: Venture }) {
  const { t } = useTranslation();
  return (
    <>
      <TextBlock title={t('venture.summary')} text={venture.shortDescription} />
      <TextBlock title={t('venture.details')} text={venture.longDescription} />
      <TextBlock title={t('venture.collateral')} text={venture.collateralDescription} />

      {venture.tags && venture.tags.length > 0 ? (
        <Box component="section" aria-label={t('venture.tags')} sx={{ mt: 4 }}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {venture.tags.map((tag) => (
              <li key={tag}>
                <Chip size="small" label={`#${tag}`} />
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </>
  );
}
