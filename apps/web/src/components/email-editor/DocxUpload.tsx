import { Button, FileButton } from '@mantine/core';
import type { DocxConversion } from '@risala/shared/schemas/templates';
import { IconFileTypeDocx } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../lib/toast.ts';
import { useUploadDocx } from './upload-docx.ts';

/** Picks a .docx and has the server convert it (mammoth + sanitiser); the editor decides what to do with it. */
export function DocxUpload({
  onConverted,
  disabled,
}: {
  onConverted: (result: DocxConversion, fileName: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadDocx();
  // cleared after each pick, so the same file can be picked again (a second import)
  const resetRef = useRef<() => void>(null);
  const pick = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => onConverted(result, file.name),
      onError: (err) => showErrorToast(err),
      onSettled: () => resetRef.current?.(),
    });
  };
  return (
    <FileButton resetRef={resetRef} onChange={pick} accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document">
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
