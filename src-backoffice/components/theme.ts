import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import { createTheme, type Components, type Theme } from '@mui/material/styles';
import { darkTheme as sharedDarkTheme, theme as sharedTheme } from '../../src-shared/theme';

type CheckboxOwner = CheckboxOwnerState & {
  'aria-label'?: string;
  inputProps?: Record<string, unknown>;
};

/**
 * react-admin's row checkbox (DataTable and Datagrid bulk selection) passes its name as
 * `aria-label` to MUI's <Checkbox>, which puts it on the wrapping <span>: the span may not carry it
 * (axe: aria-prohibited-attr) and the checkbox itself stays unnamed (axe: label). Every checkbox of
 * the back office therefore gets its `aria-label` on the <input>, unless it names the input itself.
 */
const checkboxNamedOnItsInput: Components<Theme> = {
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: (owner: CheckboxOwner) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
        input: (owner: CheckboxOwner) => ({
          ...owner.inputProps,
          ...(owner['aria-label'] && !owner.inputProps?.['aria-label']
            ? { 'aria-label': owner['aria-label'] }
            : {}),
        }),
      } as never,
    },
  },
};

/**
 * A phone list's (SimpleList) date floats right of the first line: a gap keeps it from running into
 * a long title ('…show up?Nov 25, 2026'), and the date itself never breaks.
 */
const simpleListDateSpacing = {
  RaSimpleList: {
    styleOverrides: {
      root: { '& .RaSimpleList-tertiary': { marginLeft: '12px', whiteSpace: 'nowrap' } },
    },
  },
} as Components<Theme>;

const components: Components<Theme> = { ...checkboxNamedOnItsInput, ...simpleListDateSpacing };

/** The shared light and dark themes with the back office's fixes of react-admin parts. */
export const backofficeTheme = createTheme(sharedTheme, { components });
export const backofficeDarkTheme = createTheme(sharedDarkTheme, { components });
