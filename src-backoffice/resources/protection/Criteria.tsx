import { Alert, Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SophisticatedCriterion } from '../../../src-shared/constants/enums';
import { claimCoversAnnexII } from './annex';

/** A criterion's short name (`app.protection.criteria.{criterion}.label`). */
export const useCriterionLabel = () => {
  const translate = useTranslate();
  return (criterion: string) => translate(`app.protection.criteria.${criterion}.label`, { _: criterion });
};

/**
 * The criteria a request claims, each with what EU 2020/1503 Annex II, Section I, asks of it (its
 * point named); a claim that cannot be enough (fewer than two points of I(2), none of I(1)) is
 * flagged for the admin.
 */
export const Criteria = ({ criteria }: { criteria: readonly SophisticatedCriterion[] }) => {
  const translate = useTranslate();
  const label = useCriterionLabel();
  return (
    <Stack spacing={1}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {criteria.map((criterion) => (
          <Box component="li" key={criterion} sx={{ mb: 0.5 }}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {label(criterion)}
            </Typography>
            <Typography variant="body2" component="span">
              {`: ${translate(`app.protection.criteria.${criterion}.meaning`, { _: '' })}`}
            </Typography>
          </Box>
        ))}
      </Box>
      {claimCoversAnnexII(criteria) ? null : (
        <Alert severity="warning">{translate('app.protection.criteria_short')}</Alert>
      )}
    </Stack>
  );
};
