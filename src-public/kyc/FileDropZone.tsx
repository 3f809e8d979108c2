import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { KYC_FILE_TYPES, KYC_MAX_FILE_BYTES, type KycFileField } from '../../src-shared/constants/kyc';

/** The texts of a drop zone that accepts other files than the verification's (the KYC texts by default). */
export interface DropZoneTexts {
  /** The zone's text while no file is chosen. */
  dropHint: string;
  /** Why a file of another type was refused ({{name}}: the file's name). */
  wrongType: (name: string) => string;
  /** Why a file above the size limit was refused. */
  tooLarge: (name: string) => string;
}

/** Why react-dropzone refused a file, in the reader's language. */
export function rejectionText(
  rejections: readonly FileRejection[],
  t: TFunction,
  texts?: Pick<DropZoneTexts, 'wrongType' | 'tooLarge'>,
): string {
  const [first] = rejections;
  if (!first) return '';
  const codes = first.errors.map((error) => error.code);
  if (codes.includes('too-many-files')) return t('kyc.notAccepted.tooMany');
  const name = first.file.name;
  if (codes.includes('file-invalid-type'))
    return texts ? texts.wrongType(name) : t('kyc.notAccepted.type', { name });
  if (codes.includes('file-too-large'))
    return texts ? texts.tooLarge(name) : t('kyc.notAccepted.size', { name });
  return t('kyc.notAccepted.other', { name });
}

/** The id of a drop zone's focusable root (for moving the focus to a field with a problem). */
export const dropZoneId = (name: KycFileField | (string & {})) => `kyc-${name}-zone`;

/**
 * One file of the verification (JPEG, PNG or PDF, at most 10 MB): a drop zone that is also a button
 * (Enter or Space opens the file picker, as does a click or tap). It names the chosen file, and
 * says why a dropped file was refused (announced at once) or what the form or server found wrong.
 * Another form (the investor profile's evidence) passes its own `accept`, `maxSize` and `texts`.
 */
export function FileDropZone({
  name,
  label,
  hint,
  file,
  onFile,
  error,
  disabled = false,
  accept = KYC_FILE_TYPES,
  maxSize = KYC_MAX_FILE_BYTES,
  texts,
}: {
  name: KycFileField | (string & {});
  label: string;
  hint?: string;
  file: File | undefined;
  onFile: (file: File) => void;
  /** A message of the form's checks or of the server. */
  error?: string;
  disabled?: boolean;
  accept?: Accept;
  maxSize?: number;
  texts?: DropZoneTexts;
}) {
  const { t } = useTranslation();
  const [rejection, setRejection] = useState<string | null>(null);
  const { getRootProps, getInputProps, isDragActive, isFocused } = useDropzone({
    accept,
    maxSize,
    maxFiles: 1,
    multiple: false,
    disabled,
    onDrop: (accepted, rejections) => {
      if (rejections.length > 0) {
        setRejection(rejectionText(rejections, t, texts));
        return;
      }
      const [chosen] = accepted;
      if (!chosen) return;
      setRejection(null);
      onFile(chosen);
    },
  });
  const statusId = `kyc-${name}-status`;
  const hintId = `kyc-${name}-hint`;
  const errorId = `kyc-${name}-error`;
  const message = rejection ?? error;
  const describedBy = [statusId, hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');
  const invalid = Boolean(message);

  return (
    <Box>
      <Typography component="p" sx={{ fontWeight: 600, mb: 0.5 }} aria-hidden="true">
        {label}
      </Typography>
      {/* The file input sits beside the zone, not inside it (a button may not contain a control), and
          is hidden from assistive technology: the zone is the one button to use. */}
      <input {...getInputProps({ name, 'aria-label': label, 'aria-hidden': true })} />
      {hint ? (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      ) : null}
      <Box
        {...getRootProps({
          role: 'button',
          'aria-label': label,
          'aria-describedby': describedBy,
          'aria-disabled': disabled || undefined,
          id: dropZoneId(name),
        })}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          minHeight: 72,
          borderRadius: 1,
          border: '2px dashed',
          borderColor: invalid ? 'error.main' : isDragActive || isFocused ? 'primary.main' : 'grey.400',
          bgcolor: isDragActive ? 'action.hover' : 'background.paper',
          cursor: disabled ? 'default' : 'pointer',
          outline: 'none',
          '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.light}` },
        }}
      >
        {file ? (
          <InsertDriveFileIcon color="primary" aria-hidden="true" />
        ) : (
          <UploadFileIcon color="action" aria-hidden="true" />
        )}
        <Typography id={statusId} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file
            ? t('kyc.chosen', { name: file.name })
            : isDragActive
              ? t('kyc.dropActive')
              : (texts?.dropHint ?? t('kyc.dropHint'))}
        </Typography>
      </Box>
      {message ? (
        <Typography id={errorId} role="alert" variant="body2" color="error" sx={{ mt: 0.75 }}>
          {message}
        </Typography>
      ) : null}
    </Box>
  );
}
