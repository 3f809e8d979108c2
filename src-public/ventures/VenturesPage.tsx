import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { useVentureList, ventureKeys, ventureListQuery } from './api';
import {
  DEFAULT_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  withFilter,
  type VentureFilters,
} from './filters';
import { VentureCard, VentureCardSkeleton } from './VentureCard';
import { VentureFilterForm } from './VentureFilterForm';

/**
 * The ventures list (spec 2.3): the filter form, cards from GET /api/ventures, page buttons, the
 * empty text with Reset Filters and BACK TO HOME. Filters and page live in the URL query (defaults
 * left out), so a filtered list can be shared, reloaded and reached with the back button; every
 * filter change is a new history entry and starts at page 1. Lists are cached 5 minutes per filter
 * combination; Reset Filters drops every cached list and returns to the defaults. A failed load is
 * only logged (spec 8): the list stays empty and no message is shown.
 */
export function VenturesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const { data, isPending, isError, isPlaceholderData, refetch } = useVentureList(filters);
  // Remounts the form after a reset, so a search text that was still being typed is dropped too.
  const [formKey, setFormKey] = useState(0);

  const ventures = isError ? [] : (data?.data ?? []);
  const totalPages = isError ? 1 : (data?.totalPages ?? 1);
  const updating = isPlaceholderData;

  // Always merge into the URL as it is now (a debounced search must not undo a newer choice).
  const latestParams = useRef(searchParams);
  latestParams.current = searchParams;
  const navigateTo = useCallback(
    (next: VentureFilters) => {
      const nextParams = filtersToSearchParams(next);
      if (
        nextParams.toString() ===
        filtersToSearchParams(filtersFromSearchParams(latestParams.current)).toString()
      ) {
        return false;
      }
      setSearchParams(nextParams);
      return true;
    },
    [setSearchParams],
  );
  const changeFilters = useCallback(
    (patch: Partial<Omit<VentureFilters, 'page'>>) =>
      void navigateTo(withFilter(filtersFromSearchParams(latestParams.current), patch)),
    [navigateTo],
  );
  // Paging scrolls to the top of the list (the page buttons sit below it) and moves the focus there,
  // so keyboard and screen reader users continue with the new page's first card.
  const resultsRef = useRef<HTMLElement>(null);
  const scrollToResults = () => {
    const results = resultsRef.current;
    if (!results) return;
    const reduceMotion =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    results.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  };
  // The scroll starts at the click and is made again once the new page is on screen: the page's
  // height changes when its cards replace the old ones (a shorter last page), which can end or
  // cut short a smooth scroll started before.
  const scrollWhenShown = useRef(false);
  const goToPage = (page: number) => {
    if (!navigateTo({ ...filtersFromSearchParams(latestParams.current), page })) return;
    resultsRef.current?.focus({ preventScroll: true });
    scrollWhenShown.current = true;
    scrollToResults();
  };
  const shownPage = !isPending && !updating ? data : undefined;
  useEffect(() => {
    if (!shownPage || !scrollWhenShown.current) return;
    scrollWhenShown.current = false;
    scrollToResults();
  }, [shownPage]);

  // A page beyond the last one (an old link after ventures closed) moves to the last page.
  const lastPage = !isPending && !isError && !updating && data && data.total > 0 ? data.totalPages : null;
  useEffect(() => {
    if (lastPage !== null && filters.page > lastPage) {
      setSearchParams(filtersToSearchParams({ ...filters, page: lastPage }), { replace: true });
    }
  });

  // Reset Filters: back to the defaults first, then drop every cached list and load the defaults
  // afresh. Dropping the lists only once the URL holds the defaults keeps the list being left from
  // being cached again by a render that still shows it; a default list already loading (or loaded)
  // since the click is kept, so it is not fetched twice.
  const resetAt = useRef<number | null>(null);
  const atDefaults = filtersToSearchParams(filters).toString() === '';
  useEffect(() => {
    const clickedAt = resetAt.current;
    if (clickedAt === null || !atDefaults) return;
    resetAt.current = null;
    const current = queryClient
      .getQueryCache()
      .find({ queryKey: ventureListQuery({ ...DEFAULT_FILTERS }).queryKey, exact: true });
    const fresh = (query: typeof current) =>
      query !== undefined &&
      (query.state.fetchStatus === 'fetching' || query.state.dataUpdatedAt >= clickedAt);
    queryClient.removeQueries({
      queryKey: ventureKeys.lists,
      predicate: (query) => !(query === current && fresh(current)),
    });
    if (!fresh(current)) void refetch();
  });

  const resetFilters = () => {
    setFormKey((key) => key + 1);
    resetAt.current = Date.now();
    navigateTo({ ...DEFAULT_FILTERS });
  };

  const resetButton = (
    <Button onClick={resetFilters} variant="outlined">
      {t('ventures.resetFilters')}
    </Button>
  );
  const showEmpty = !isPending && !isError && !updating && ventures.length === 0;

  return (
    <Page title={t('ventures.title')} intro={t('ventures.intro')}>
      <VentureFilterForm
        key={formKey}
        filters={filters}
        onChange={changeFilters}
        resetButton={hasActiveFilters(filters) && !showEmpty ? resetButton : undefined}
      />

      <Box
        component="section"
        ref={resultsRef}
        tabIndex={-1}
        aria-label={t('ventures.results')}
        aria-busy={isPending || updating}
        // Below the sticky header (60 px on phones, 72 px from md) when scrolled to.
        sx={{ mt: 3, position: 'relative', scrollMarginTop: { xs: 72, md: 88 }, outline: 'none' }}
      >
        <Box sx={{ height: 4, mb: 1 }}>
          {updating ? <LinearProgress aria-label={t('ventures.updating')} /> : null}
        </Box>

        {isPending ? (
          <Typography role="status" color="text.secondary">
            {t('ventures.loading')}
          </Typography>
        ) : null}

        {!isPending && !isError && data && ventures.length > 0 ? (
          <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
            {t('ventures.resultCount', { count: data.total })}
          </Typography>
        ) : null}

        {showEmpty ? (
          <Box
            sx={{
              p: 4,
              textAlign: 'center',
              border: '1px dashed',
              borderColor: 'divider',
              borderRadius: 2,
            }}
          >
            <Typography role="status">{t('ventures.empty')}</Typography>
            <Box sx={{ mt: 2 }}>{resetButton}</Box>
          </Box>
        ) : null}

        <Grid container spacing={3} sx={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {ventures.map((venture, index) => (
            <Grid key={venture._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <VentureCard venture={venture} headingLevel="h2" priority={index === 0} />
            </Grid>
          ))}
          {/* While the first page loads, cards' outlines hold their place: nothing below jumps. */}
          {isPending
            ? [0, 1, 2].map((i) => (
                <Grid key={`skeleton-${i}`} size={{ xs: 12, sm: 6, md: 4 }}>
                  <VentureCardSkeleton />
                </Grid>
              ))
            : null}
        </Grid>
      </Box>

      {totalPages > 1 ? (
        <Box
          component="nav"
          aria-label={t('ventures.pagination')}
          sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}
        >
          <Pagination
            count={totalPages}
            page={filters.page}
            onChange={(_, page) => goToPage(page)}
            color="primary"
            shape="rounded"
            siblingCount={1}
            boundaryCount={1}
            getItemAriaLabel={(type, page) =>
              type === 'page'
                ? t('ventures.pageButton', { page })
                : type === 'previous'
                  ? t('ventures.previousPage')
                  : type === 'next'
                    ? t('ventures.nextPage')
                    : type === 'first'
                      ? t('ventures.firstPage')
                      : t('ventures.lastPage')
            }
            renderItem={(item) => (
              <PaginationItem
                {...item}
                aria-current={item.type === 'page' && item.selected ? 'page' : undefined}
              />
            )}
            sx={{ '& .MuiPaginationItem-root': { minWidth: 40, height: 40 } }}
          />
        </Box>
      ) : null}

      <Box sx={{ mt: 5 }}>
        <Button component={RouterLink} to="/" variant="text">
          {t('ventures.backHome')}
        </Button>
      </Box>
    </Page>
  );
}

export { VenturesPage as Component };
