import { Alert, Badge, Button, Grid, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { IconAlertTriangle, IconHistory, IconRocket, IconSend, IconStack2 } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { isApiError } from '../../lib/http.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { useCampaign } from './api/get-campaign.ts';
import { useDeployCampaign } from './api/launch-campaign.ts';
import type { Campaign } from './api/types.ts';
import { StatusBadge } from './components/StatusBadge.tsx';
import { draftBody, draftFromCampaign, emptyDraft, type LauncherDraft, readyToLaunch, STEPS, stepComplete } from './draft.ts';
import { AudienceStep, BasicsStep, ChannelsStep } from './launcher/AudienceSteps.tsx';
import { ContentEditor, SectionCard } from './launcher/ContentEditor.tsx';
import { ContentPreview } from './launcher/ContentPreview.tsx';
import { AbTestStep, ScheduleStep, SendersStep } from './launcher/DeliverySteps.tsx';
import { ReviewStep } from './launcher/ReviewStep.tsx';
import { TestSendModal } from './launcher/TestSendModal.tsx';
import { useAutosave } from './launcher/use-autosave.ts';


function SaveIndicator({ state }: { state: ReturnType<typeof useAutosave>['state'] }) {
  const { t } = useTranslation();
  if (state === 'idle') return null;
  const color = state === 'error' ? 'red' : state === 'saving' ? 'gray' : 'green';
  return (
    <Badge variant="light" color={color} data-testid="launcher-save-state" data-state={state}>
      {t(`campaigns.launcher.save.${state}`)}
    </Badge>
  );
}

/** The name field's share of a refused save (a taken name), shown at the field itself. */
function nameErrorOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const field = error.errors.find((f) => 'field' in f && f.field === 'name');
  if (field) return translateMessage(field.message) ?? null;
  return error.code === 'NAME_EXISTS' ? error.message : null;
}

/** The step-by-step launcher over one draft (new, or loaded from /campaign/:id). */
function Launcher({ initial }: { initial: Campaign | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const accountZone = useAccountTimeZone();
  // schedule times are typed and shown in the account's zone (the campaign's, once saved)
  const timeZone = initial?.timezone ?? accountZone;
  const [draft, setDraft] = useState<LauncherDraft>(() => (initial ? draftFromCampaign(initial, timeZone) : emptyDraft()));
  const [dirty, setDirty] = useState(false);
  const [step, setStep] = useState(0);
  const [testing, setTesting] = useState(false);
  const body = useMemo(() => draftBody(draft, timeZone), [draft, timeZone]);
  const canEdit = can(permissions, 'campaign', initial ? 'update' : 'create');
  const autosave = useAutosave(initial?.id ?? null, body, dirty && canEdit, (c) => {
    if (leave.leaving()) return; // saved on the way out: the user is going elsewhere
    leave.release();
    navigate(`/campaign/${c.id}`, { replace: true, state: { created: true } });
  });
  const deploy = useDeployCampaign();
  const id = autosave.id;
  const canSend = can(permissions, 'campaign', 'send');

  // what is on screen but not saved yet (typed within the autosave delay, or a refused save) is
  // saved on the way out; only a save that fails asks before leaving
  const unsaved = dirty && canEdit && (autosave.savedKey !== JSON.stringify(body) || autosave.state === 'error');
  const leave = useLeaveGuard(unsaved, autosave.flush);

  const set = (patch: Partial<LauncherDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  // one launch however often the button is pressed: the draft's last save runs before the deploy
  // request, so the button is not yet "loading" when a double-click's second press arrives
  const once = useSingleFlight();
  const launch = () =>
    once(async (done) => {
      try {
        const campaignId = await autosave.flush();
        const res = await deploy.mutateAsync(campaignId);
        showSuccessToast(res.status === 'RUNNING' ? 'campaigns.launcher.launched' : 'campaigns.launcher.launchedWaiting');
        leave.release();
        navigate(`/campaignhistory?campaign=${campaignId}`);
      } catch {
        // shown from deploy.error / autosave.error below
      } finally {
        done();
      }
    });

  const stepProps = { draft, set };
  // the email builder needs the page's width: the preview goes below it
  const building = draft.channels.includes('email') && draft.content.email.source === 'compose' && draft.content.email.mjml != null;
  const panels: Record<(typeof STEPS)[number], React.ReactNode> = {
    brand: <BasicsStep {...stepProps} nameError={autosave.state === 'error' ? nameErrorOf(autosave.error) : null} />,
    channels: <ChannelsStep {...stepProps} />,
    audience: <AudienceStep {...stepProps} campaignId={id} version={autosave.savedKey} />,
    content:
      draft.channels.length === 0 ? (
        <Text c="dimmed">{t('campaigns.launcher.senders.noChannels')}</Text>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: building ? 12 : 7 }}>
            <Stack gap="md">
              {draft.channels.map((ch) => (
                <SectionCard key={ch} title={t(`campaigns.channels.${ch}`)}>
                  <ContentEditor channel={ch} value={draft.content} onChange={(content) => set({ content })} prefix="content" brandId={draft.brand_id} />
                </SectionCard>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: building ? 12 : 5 }}>
            <ContentPreview channels={draft.channels} content={draft.content} groupId={draft.audience.group_ids[0] ?? null} />
          </Grid.Col>
        </Grid>
      ),
    senders: <SendersStep {...stepProps} />,
    abTest: <AbTestStep {...stepProps} />,
    schedule: <ScheduleStep {...stepProps} timeZone={timeZone} />,
    review: <ReviewStep draft={draft} campaignId={id} version={autosave.savedKey} timeZone={timeZone} />,
  };
  const last = STEPS.length - 1;

  return (
    <Stack gap="lg" data-testid="launcher-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('campaigns.launcher.title')}
          </Title>
          <Text c="dimmed">{t('campaigns.launcher.subtitle')}</Text>
        </div>
        <Group gap="xs">
          <SaveIndicator state={autosave.state} />
          {canSend && (
            <Button variant="default" leftSection={<IconSend size={16} className="mirror-rtl" />} onClick={() => setTesting(true)} disabled={draft.channels.length === 0} data-testid="launcher-test-send">
              {t('campaigns.launcher.test.open')}
            </Button>
          )}
          <Button component={Link} to="/campaign/batches" variant="default" leftSection={<IconStack2 size={16} />}>
            {t('campaigns.batches.title')}
          </Button>
          <Button component={Link} to="/campaignhistory" variant="default" leftSection={<IconHistory size={16} />} data-testid="launcher-history">
            {t('campaigns.launcher.allCampaigns')}
          </Button>
        </Group>
      </Group>
      {!canEdit && <Alert color="gray">{t('campaigns.launcher.readOnly')}</Alert>}
      <Paper withBorder radius="md" p="md">
        <Stepper active={step} onStepClick={setStep} allowNextStepsSelect size="sm" wrap data-testid="launcher-stepper">
          {STEPS.map((s) => (
            <Stepper.Step
              key={s}
              label={t(`campaigns.launcher.steps.${s}`)}
              // a step passed but not complete keeps a warning instead of the check mark
              color={stepComplete(draft, s, timeZone) ? 'green' : 'orange'}
              completedIcon={stepComplete(draft, s, timeZone) ? undefined : <IconAlertTriangle size={16} />}
              data-testid={`launcher-step-${s}`}
              data-complete={stepComplete(draft, s, timeZone)}
            >
              <Stack gap="md" pt="md">
                {panels[s]}
              </Stack>
            </Stepper.Step>
          ))}
        </Stepper>
      </Paper>
      {leave.guard}
      {autosave.state === 'error' && <ApiErrorAlert error={autosave.error} fallback={t('campaigns.launcher.save.error')} testId="launcher-error" />}
      {deploy.error && <ApiErrorAlert error={deploy.error} fallback={t('campaigns.launcher.launchFailed')} testId="launcher-error" />}
      <Group justify="space-between">
        <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)} data-testid="launcher-back">
          {t('campaigns.launcher.back')}
        </Button>
        {step < last ? (
          <Button onClick={() => setStep((s) => s + 1)} data-testid="launcher-next">
            {t('campaigns.launcher.next')}
          </Button>
        ) : (
          canSend && (
            <Button
              leftSection={<IconRocket size={16} />}
              onClick={launch}
              loading={deploy.isPending}
              disabled={!readyToLaunch(draft, timeZone)}
              data-testid="launcher-launch"
            >
              {t(draft.schedule.mode === 'later' ? 'campaigns.launcher.scheduleLaunch' : 'campaigns.launcher.launch')}
            </Button>
          )
        )}
      </Group>
      <TestSendModal opened={testing} onClose={() => setTesting(false)} save={autosave.flush} />
    </Stack>
  );
}

/** /campaign (new draft) and /campaign/:id (continue a draft). A launched campaign is shown in Campaign History. */
export function LauncherPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const routeId = params.id ? Number(params.id) : null;
  // every navigation starts over, except the launcher's own move /campaign → /campaign/:id after its first save
  const [session, setSession] = useState({ id: routeId, locKey: location.key, n: 0 });
  if (location.key !== session.locKey) {
    const created = Boolean((location.state as { created?: boolean } | null)?.created);
    setSession(created ? { ...session, locKey: location.key } : { id: routeId, locKey: location.key, n: session.n + 1 });
  }
  const loadId = session.id;
  const campaign = useCampaign(loadId);

  if (routeId !== null && !Number.isInteger(routeId)) return <EmptyNote text={t('campaigns.launcher.notFound')} />;
  if (loadId !== null) {
    if (campaign.isPending) return <PageLoader />;
    if (campaign.isError) return <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />;
    if (campaign.data.status !== 'DRAFT') {
      return (
        <Stack gap="md" data-testid="launcher-not-draft">
          <Title order={1} size="h2">
            {campaign.data.name}
          </Title>
          <Group gap="xs">
            <StatusBadge status={campaign.data.status} />
            <Text>{t('campaigns.launcher.notDraft')}</Text>
          </Group>
          <Button component={Link} to={`/campaignhistory?campaign=${campaign.data.id}`} w="fit-content">
            {t('campaigns.launcher.openReport')}
          </Button>
        </Stack>
      );
    }
    return <Launcher key={session.n} initial={campaign.data} />;
  }
  return <Launcher key={session.n} initial={null} />;
}
