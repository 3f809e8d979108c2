import { ExportButton as RaExportButton, useTranslate, type ExportButtonProps } from 'react-admin';

/**
 * react-admin's CSV export button, also named when it is disabled (a list without rows) at phone
 * width: react-admin then renders a bare icon button without its aria-label (axe: button-name).
 */
export const ExportButton = ({ label = 'ra.action.export', ...props }: ExportButtonProps) => {
  const translate = useTranslate();
  return <RaExportButton label={label} aria-label={translate(label)} {...props} />;
};
