import { Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ImportUpload } from '@risala/shared/schemas/customers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routeId } from '../../components/page/NotFoundNote.tsx';
import { initialConsent } from './components/ImportConsent.tsx';
import { ImportMapping, type MappingState } from './components/ImportMapping.tsx';
import { ImportProgress } from './components/ImportProgress.tsx';
import { ImportUploadStep } from './components/ImportUploadStep.tsx';
import { RecentImports } from './components/RecentImports.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';

/**
 * /customer/import — upload (CSV or XLSX) → column mapping with a preview of the first rows and
 * the mode → start → live progress → result with counts and the row-level errors CSV. A started
 * import lives in the address (/customer/import?job=ID): a reload or a shared link shows its
 * progress and result again.
 */
export function CustomerImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobId = routeId(params.get('job') ?? undefined);
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<MappingState | null>(null);
  const step = jobId !== null ? 2 : upload ? 1 : 0;
  const restart = () => {
    setUpload(null);
    setMapping(null);
    if (params.has('job')) setParams({}, { replace: true });
  };
  // replace: Back leaves the import page rather than returning to a mapping already started
  const follow = (id: number) => {
    setUpload(null);
    setMapping(null);
    setParams({ job: String(id) }, { replace: true });
  };

  return (
    <Stack gap="lg" maw={1000} data-testid="customer-import-page">
      <BackLink to="/customer" label={t('customers.detail.back')} />
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
              setMapping({
                fields: u.suggested_mapping,
                mode: 'insert',
                defaultCountry: null,
                groupId: null,
                consent: initialConsent(u.suggested_mapping),
              });
            }}
          />
        )}
        {step === 1 && upload && mapping && (
          <ImportMapping upload={upload} value={mapping} onChange={setMapping} onBack={restart} onStarted={follow} />
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
      {step === 0 && <RecentImports />}
    </Stack>
  );
}
