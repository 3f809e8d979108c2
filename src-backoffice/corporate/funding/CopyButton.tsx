import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** Copies `value` to the clipboard; its name says what (e.g. "Copy IBAN"), then "Copied". */
export const CopyButton = ({ value, label }: { value: string; label: string }) => {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const name = translate(copied ? 'app.payments.funding.copied' : 'app.payments.funding.copy', {
    what: label,
  });
  return (
    <Tooltip title={name}>
      <IconButton
        size="small"
        aria-label={name}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
