import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { ImportUpload } from '@risala/shared/schemas/customers';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http.ts';
import { useUploadImport } from '../api/imports.ts';
import { useState } from 'react';

/** The server's import limit (50 MB) mirrored for a quick check before sending. */
const MAX_BYTES = 50 * 1024 * 1024;

/** Step 1: drop or pick a CSV/XLSX file; the server reads it and answers columns and a preview. */
export function ImportUploadStep({ onUploaded }: { onUploaded: (u: ImportUpload) => void }) {
  const { t } = useTranslation();
  const upload = useUploadImport();
  const [refused, setRefused] = useState<string | null>(null);
  const send = (file: File) => {
    setRefused(null);
    upload.mutate(file, { onSuccess: onUploaded });
  };
  return (
    <Stack>
      <Dropzone
        onDrop={(files) => files[0] && send(files[0])}
        onReject={(rejections) => {
          upload.reset();
          const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
          setRefused(t(tooBig ? 'customers.import.refusedSize' : 'customers.import.refusedType'));
        }}
        maxSize={MAX_BYTES}
        maxFiles={1}
        multiple={false}
        loading={upload.isPending}
        accept={['text/csv', 'text/plain', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel']}
        inputProps={{ 'data-testid': 'import-file' } as Record<string, string>}
      >
        <Group justify="center" gap="lg" mih={160} style={{ pointerEvents: 'none' }}>
          <IconFileSpreadsheet size={48} stroke={1.3} />
          <div>
            <Text size="lg">{t('customers.import.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('customers.import.dropHint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group gap="xs">
        {/* a file to start from: the column names the mapping recognises, Arabic rows included */}
        <Anchor href="/samples/customers-sample.csv" download="customers-sample.csv" size="sm" data-testid="import-sample">
          <Group gap={4} component="span">
            <IconDownload size={16} />
            {t('customers.import.sample')}
          </Group>
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('customers.import.sampleHint')}
        </Text>
      </Group>
      {refused && (
        <Alert color="red" variant="light" data-testid="import-upload-error">
          {refused}
        </Alert>
      )}
      {upload.isError && (
        <Alert color="red" variant="light" data-testid="import-upload-error">
          {isApiError(upload.error) ? upload.error.message : t('common.loadFailed')}
        </Alert>
      )}
    </Stack>
  );
}
