import { Anchor, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ImportUpload } from '@risala/shared/schemas/customers';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImportMapping, type MappingState } from './components/ImportMapping.tsx';
import { ImportProgress } from './components/ImportProgress.tsx';
import { ImportUploadStep } from './components/ImportUploadStep.tsx';

/**
 * /customer/import — upload (CSV or XLSX) → column mapping with a preview of the first rows and
 * the mode → start → live progress → result with counts and the row-level errors CSV.
 */
export function CustomerImportPage() {
  const { t, i18n } = useTranslation();
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [mapping, setMapping] = useState<MappingState | null>(null);
  const step = jobId !== null ? 2 : upload ? 1 : 0;
  const restart = () => {
    setUpload(null);
    setJobId(null);
    setMapping(null);
  };

  return (
    <Stack gap="lg" maw={1000} data-testid="customer-import-page">
      <Anchor component={Link} to="/customer" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
          {t('customers.detail.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {t('customers.import.title')}
        </Title>
        <Text c="dimmed">{t('customers.import.subtitle')}</Text>
      </div>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('customers.import.steps.upload')} />
        <Stepper.Step label={t('customers.import.steps.mapping')} />
        <Stepper.Step label={t('customers.import.steps.result')} />
      </Stepper>
      <Paper withBorder radius="md" p="lg">
        {step === 0 && (
          <ImportUploadStep
            onUploaded={(u) => {
              setUpload(u);
              setMapping({ fields: u.suggested_mapping, mode: 'insert', defaultCountry: null, groupId: null });
            }}
          />
        )}
        {step === 1 && upload && mapping && (
          <ImportMapping upload={upload} value={mapping} onChange={setMapping} onBack={restart} onStarted={setJobId} />
        )}
        {step === 2 && jobId !== null && (
          <Stack>
            <ImportProgress id={jobId} />
            <Group>
              <Button variant="default" onClick={restart} data-testid="import-another">
                {t('customers.import.another')}
              </Button>
              <Button component={Link} to="/customer" variant="light">
                {t('customers.import.toList')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
