import { Button, FileButton } from '@mantine/core';
import { IconFileTypeDocx } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useUploadDocx } from '../api/upload-docx.ts';

/** Picks a .docx, has the server convert it (mammoth + sanitiser) and hands back the HTML. */
export function DocxUpload({ onConverted, disabled }: { onConverted: (html: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadDocx();
  const pick = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        onConverted(result.html);
        showSuccessToast(result.messages.length ? 'templates.docx.doneWithWarnings' : 'templates.docx.done', { n: result.messages.length });
      },
      onError: (err) => showErrorToast(err),
    });
  };
  return (
    <FileButton onChange={pick} accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document">
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={<IconFileTypeDocx size={16} />}
          loading={upload.isPending}
          disabled={disabled}
          data-testid="docx-upload"
        >
          {t('templates.docx.upload')}
        </Button>
      )}
    </FileButton>
  );
}
