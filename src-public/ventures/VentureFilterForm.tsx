import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { HydratedForm } from '../components/HydratedForm';
import { AFRICAN_COUNTRIES } from '../../src-shared/constants/countries';
import { countryLabel, euros, formatPercent } from '../lib/format';
import {
  DEFAULT_FILTERS,
  FILTER_OPTIONS,
  NARROWING_KEYS,
  SEARCH_MAX_LENGTH,
  type SelectFilterKey,
  type VentureFilters,
} from './filters';

/** Typing in the search field applies it after this pause (Enter applies it at once). */
export const SEARCH_DEBOUNCE_MS = 500;

type FilterPatch = Partial<Omit<VentureFilters, 'page'>>;

/** The filters behind the phone's "Filters" toggle (search, sort and order stay visible). */
const COLLAPSIBLE_KEYS = NARROWING_KEYS;

function useOptionLabels() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(lang);
    const countries = AFRICAN_COUNTRIES.map((country) => ({
      value: country.code,
      label: countryLabel(country.code, country.name, lang),
    })).sort((a, b) => collator.compare(a.label, b.label));
    const labels: Record<SelectFilterKey, { label: string; options: { value: string; label: string }[] }> = {
      lifecycleStatus: {
        label: t('ventures.filters.lifecycleStatus'),
        options: FILTER_OPTIONS.lifecycleStatus.map((value) => ({
          value,
          label: value === 'all' ? t('ventures.filters.allStatuses') : t(`venture.lifecycle.${value}`),
        })),
      },
      ventureType: {
        label: t('ventures.filters.ventureType'),
        options: FILTER_OPTIONS.ventureType.map((value) => ({
          value,
          label: value === 'all' ? t('ventures.filters.allTypes') : t(`venture.types.${value}`),
        })),
      },
      riskLevel: {
        label: t('ventures.filters.riskLevel'),
        options: FILTER_OPTIONS.riskLevel.map((value) => ({
          value,
          label: value === 'all' ? t('ventures.filters.allRisks') : t(`venture.riskLevels.${value}`),
        })),
      },
      isConvertible: {
        label: t('ventures.filters.isConvertible'),
        options: [
          { value: 'all', label: t('ventures.filters.allConvertible') },
          { value: 'true', label: t('ventures.filters.convertibleOnly') },
          { value: 'false', label: t('ventures.filters.nonConvertibleOnly') },
        ],
      },
      country: {
        label: t('ventures.filters.country'),
        options: [{ value: 'all', label: t('ventures.filters.allCountries') }, ...countries],
      },
      closingIn: {
        label: t('ventures.filters.closingIn'),
        options: FILTER_OPTIONS.closingIn.map((value) => ({
          value,
          label:
            value === ''
              ? t('ventures.filters.anyClosingDate')
              : t('ventures.filters.closingInDays', { count: Number.parseInt(value, 10) }),
        })),
      },
      minInvestment: {
        label: t('ventures.filters.minInvestment'),
        options: FILTER_OPTIONS.minInvestment.map((value) => ({
          value,
          label:
            value === ''
              ? t('ventures.filters.anyMinimum')
              : t('ventures.filters.minInvestmentUpTo', { amount: euros(Number(value), lang) }),
        })),
      },
      expectedReturn: {
        label: t('ventures.filters.expectedReturn'),
        options: FILTER_OPTIONS.expectedReturn.map((value) => ({
          value,
          label:
            value === ''
              ? t('ventures.filters.anyReturn')
              : t('ventures.filters.returnOrMore', { percent: formatPercent(Number(value), lang) }),
        })),
      },
      sortBy: {
        label: t('ventures.filters.sortBy'),
        options: FILTER_OPTIONS.sortBy.map((value) => ({
          value,
          label: t(`ventures.filters.sort.${value}`),
        })),
      },
      order: {
        label: t('ventures.filters.order'),
        options: FILTER_OPTIONS.order.map((value) => ({
          value,
          label: t(`ventures.filters.orders.${value}`),
        })),
      },
    };
    return labels;
  }, [t, lang]);
}

function FilterSelect({
  name,
  value,
  label,
  options,
  onChange,
}: {
  name: SelectFilterKey;
  value: string;
  label: string;
  options: { value: string; label: string }[];
  onChange: (patch: FilterPatch) => void;
}) {
  return (
    <TextField
      id={`ventures-filter-${name}`}
      name={name}
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange({ [name]: event.target.value })}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** The search field: typing applies after a pause, Enter at once. It follows the URL when the URL
 * changes on its own (back button, Reset Filters), without eating the space the reader just typed. */
function SearchField({ value, onChange }: { value: string; onChange: (patch: FilterPatch) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = window.setTimeout(() => onChange({ search: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <TextField
      id="ventures-filter-search"
      name="search"
      type="search"
      fullWidth
      size="small"
      label={t('ventures.filters.search')}
      placeholder={t('ventures.filters.searchPlaceholder')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: SEARCH_MAX_LENGTH, enterKeyHint: 'search' },
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                type="submit"
                edge="end"
                size="small"
                aria-label={t('ventures.filters.searchButton')}
              >
                <SearchIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The filter form of the ventures list (spec 9 options and defaults). Every change is reported as a
 * patch; the page turns it into a new URL (and page 1). On a phone the eight filters fold away
 * behind a "Filters" toggle; search and sorting stay in view.
 */
export function VentureFilterForm({
  filters,
  onChange,
  resetButton,
}: {
  filters: VentureFilters;
  onChange: (patch: FilterPatch) => void;
  /** Shown at the end of the form (Reset Filters when a filter is set). */
  resetButton?: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Without noSsr: a page rendered on the server hydrates with the width it assumed (decision 0223),
  // then takes the real one; a page rendered in the browser reads the real width at once.
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const labels = useOptionLabels();
  const panelId = useId();
  const activeCount = COLLAPSIBLE_KEYS.filter((key) => filters[key] !== DEFAULT_FILTERS[key]).length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = new FormData(event.currentTarget).get('search');
    if (typeof search === 'string' && search.trim() !== filters.search) onChange({ search: search.trim() });
  };

  const select = (name: SelectFilterKey) => (
    <FilterSelect
      name={name}
      value={filters[name]}
      label={labels[name].label}
      options={labels[name].options}
      onChange={onChange}
    />
  );

  const filterGrid = (
    <Grid container spacing={2} sx={{ pt: 2 }}>
      {COLLAPSIBLE_KEYS.map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 3 }}>
          {select(key)}
        </Grid>
      ))}
    </Grid>
  );

  return (
    <HydratedForm
      role="search"
      aria-label={t('ventures.filters.title')}
      onSubmit={submit}
      noValidate
      sx={{
        mt: 3,
        p: { xs: 2, md: 3 },
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <SearchField value={filters.search} onChange={onChange} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{select('sortBy')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{select('order')}</Grid>
      </Grid>

      {isPhone ? (
        <>
          <Button
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={panelId}
            startIcon={<TuneIcon aria-hidden="true" />}
            sx={{ mt: 2 }}
          >
            {open
              ? t('ventures.filters.hide')
              : activeCount > 0
                ? t('ventures.filters.showActive', { count: activeCount })
                : t('ventures.filters.show')}
          </Button>
          <Collapse in={open} id={panelId}>
            {filterGrid}
          </Collapse>
        </>
      ) : (
        filterGrid
      )}

      {resetButton ? (
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>{resetButton}</Box>
      ) : null}
    </HydratedForm>
  );
}
