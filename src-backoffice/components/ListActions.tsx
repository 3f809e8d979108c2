import { useMediaQuery, type Theme } from '@mui/material';
import { ColumnsButton, CreateButton, FilterButton, TopToolbar } from 'react-admin';
import { ExportButton } from './ExportButton';

const phoneQuery = (theme: Theme) => theme.breakpoints.down('sm');

/** True below MUI's `sm` breakpoint, where every list becomes a one-column SimpleList. */
export const useIsPhone = (): boolean => useMediaQuery(phoneQuery);

/**
 * The toolbar of every admin list: "Add filter" (which also saves and recalls queries), the column
 * chooser (not on phones, where the list has one column) and the CSV export of every row of the
 * current filter.
 */
export const ListActions = () => {
  const phone = useIsPhone();
  return (
    <TopToolbar>
      <FilterButton />
      {phone ? null : <ColumnsButton />}
      <ExportButton />
    </TopToolbar>
  );
};

/**
 * The toolbar of a list whose one action is Create. Below `md` react-admin shows that button as a
 * floating one (fixed in the corner), so the toolbar holds nothing: without its minimum height it
 * takes no room instead of an empty band above the list.
 */
export const CreateOnlyActions = ({ label }: { label: string }) => {
  const floating = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <TopToolbar sx={floating ? { minHeight: 0 } : undefined}>
      <CreateButton label={label} />
    </TopToolbar>
  );
};
