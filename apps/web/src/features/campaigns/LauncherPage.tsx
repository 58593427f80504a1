import { Alert, Badge, Button, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { IconAlertCircle, IconHistory, IconRocket, IconSend, IconSparkles, IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { useLeaveGuard } from '../../components/page/LeaveGuard.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { type LauncherPrefill, readPrefill } from '../../lib/draft-prefill.ts';
import { isApiError } from '../../lib/http.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { useAccountTimeZone, userProfileQuery, useSession } from '../../lib/session.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { useCampaign, useEstimate } from './api/get-campaign.ts';
import { useOwnDrafts } from './api/get-campaigns.ts';
import { useDeployCampaign } from './api/launch-campaign.ts';
import type { Campaign } from './api/types.ts';
import { StatusBadge } from './components/StatusBadge.tsx';
import {
  draftBody,
  draftFromCampaign,
  draftFromPrefill,
  emptyDraft,
  type LauncherDraft,
  STEPS,
  type Step,
  type StepIssue,
  stepComplete,
  stepIssues,
  stepOfField,
} from './draft.ts';
import { AudienceStep, BasicsStep, ChannelsStep } from './launcher/AudienceSteps.tsx';
import { ContentEditor, SectionCard } from './launcher/ContentEditor.tsx';
import { ContentPreview } from './launcher/ContentPreview.tsx';
import footer from './launcher/Footer.module.css';
import { AbTestStep, ScheduleStep, SendersStep } from './launcher/DeliverySteps.tsx';
import { DraftChooser } from './launcher/DraftChooser.tsx';
import { LaunchConfirm } from './launcher/LaunchConfirm.tsx';
import { ReviewStep } from './launcher/ReviewStep.tsx';
import { StepNav, type StepState } from './launcher/StepNav.tsx';
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

/** A refused save or launch, field by field (a taken name without a field is the name's). */
function fieldErrorsOf(error: unknown): StepIssue[] {
  if (!isApiError(error)) return [];
  const fields = error.errors.flatMap((f) =>
    'field' in f && f.field ? [{ field: f.field, message: translateMessage(f.message) ?? f.message }] : [],
  );
  if (fields.length === 0 && error.code === 'NAME_EXISTS') return [{ field: 'name', message: error.message }];
  return fields;
}

/** What a step shows in its own alert (step 1 shows them at its fields instead). */
function StepAlert({ issues }: { issues: string[] }) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={t('launch.issues.title')}
      data-testid="launcher-step-issues"
    >
      <List size="sm" spacing={2}>
        {issues.map((m) => (
          <List.Item key={m}>{m}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The step-by-step launcher over one draft (new — possibly with the assistant's message — or loaded from /campaign/:id). */
function Launcher({ initial, prefill = null }: { initial: Campaign | null; prefill?: LauncherPrefill | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions, userId } = useSession();
  const profile = useQuery({ ...userProfileQuery(userId ?? ''), enabled: Boolean(userId) });
  const accountZone = useAccountTimeZone();
  // schedule times are typed and shown in the account's zone (the campaign's, once saved)
  const timeZone = initial?.timezone ?? accountZone;
  const [draft, setDraft] = useState<LauncherDraft>(() =>
    initial ? draftFromCampaign(initial, timeZone) : prefill ? draftFromPrefill(prefill) : emptyDraft(),
  );
  const [dirty, setDirty] = useState(false);
  const [step, setStep] = useState(0);
  // steps the user tried to leave incomplete: their missing fields are shown
  const [checked, setChecked] = useState<Set<Step>>(() => new Set());
  const [testing, setTesting] = useState(false);
  const [confirming, setConfirming] = useState(false);
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
  const estimate = useEstimate(id, autosave.savedKey);

  // what is on screen but not saved yet (typed within the autosave delay, or a refused save) is
  // saved on the way out; only a save that fails asks before leaving
  const unsaved = dirty && canEdit && (autosave.savedKey !== JSON.stringify(body) || autosave.state === 'error');
  const leave = useLeaveGuard(unsaved, autosave.flush);

  const set = (patch: Partial<LauncherDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
    // a refused launch is about the draft as it was
    if (deploy.error) deploy.reset();
  };

  // the server's refusals (of the last save, or of the launch), each at its step
  const serverIssues = [
    ...(autosave.state === 'error' ? fieldErrorsOf(autosave.error) : []),
    ...(deploy.error ? fieldErrorsOf(deploy.error) : []),
  ];
  const issuesOf = (s: Step): StepIssue[] => [
    ...(checked.has(s) ? stepIssues(draft, s, timeZone).map((i) => ({ ...i, message: t(i.message) })) : []),
    ...serverIssues.filter((i) => stepOfField(i.field) === s),
  ];
  const states = Object.fromEntries(
    STEPS.map((s) => [s, issuesOf(s).length > 0 ? 'error' : stepComplete(draft, s, timeZone) ? 'done' : 'todo']),
  ) as Record<Step, StepState>;

  /** Whether the user may leave step `s` forwards; if not, its problems are shown on it. */
  const leavable = async (s: Step): Promise<boolean> => {
    if (stepIssues(draft, s, timeZone).length > 0) {
      setChecked((c) => new Set(c).add(s));
      return false;
    }
    // the name is checked by saving it: a taken name is said on this step, not later
    if (s === 'brand' && canEdit) {
      try {
        await autosave.flush();
        return true;
      } catch (err) {
        return !fieldErrorsOf(err).some((i) => stepOfField(i.field) === 'brand');
      }
    }
    return !serverIssues.some((i) => stepOfField(i.field) === s);
  };
  const goTo = async (target: number) => {
    for (let i = step; i < target; i++) {
      if (!(await leavable(STEPS[i] as Step))) {
        setStep(i);
        return;
      }
    }
    setStep(target);
  };

  // one launch however often the button is pressed: the checks and the draft's last save run
  // first, then the confirmation says who gets what and what it costs
  const once = useSingleFlight();
  const review = () =>
    once(async (done) => {
      try {
        const incomplete = STEPS.findIndex((s) => s !== 'review' && stepIssues(draft, s, timeZone).length > 0);
        if (incomplete >= 0) {
          setChecked((c) => new Set(c).add(STEPS[incomplete] as Step));
          setStep(incomplete);
          return;
        }
        await autosave.flush();
        deploy.reset();
        setConfirming(true);
      } catch {
        // shown from autosave.error at its step
      } finally {
        done();
      }
    });
  const launch = () =>
    once(async (done) => {
      try {
        const campaignId = await autosave.flush();
        const res = await deploy.mutateAsync(campaignId);
        showSuccessToast(res.status === 'RUNNING' ? 'campaigns.launcher.launched' : 'campaigns.launcher.launchedWaiting');
        leave.release();
        navigate(`/campaignhistory?campaign=${campaignId}`);
      } catch (err) {
        setConfirming(false);
        // a refused field sends the user to its step
        const first = STEPS.find((s) => s !== 'review' && fieldErrorsOf(err).some((i) => stepOfField(i.field) === s));
        if (first) setStep(STEPS.indexOf(first));
      } finally {
        done();
      }
    });

  const stepProps = { draft, set };
  // the email builder needs the page's width: the preview goes below it
  const building = draft.channels.includes('email') && draft.content.email.source === 'compose' && draft.content.email.mjml != null;
  const fieldError = (field: string) => issuesOf('brand').find((i) => i.field === field)?.message;
  const panels: Record<Step, React.ReactNode> = {
    brand: (
      <BasicsStep
        {...stepProps}
        errors={{ brand_id: fieldError('brand_id'), name: fieldError('name'), objective: fieldError('objective') }}
      />
    ),
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
                  <ContentEditor
                    channel={ch}
                    value={draft.content}
                    onChange={(content) => set({ content })}
                    prefix="content"
                    ai={{
                      campaign_id: id ?? null,
                      brand_id: draft.brand_id,
                      group_ids: draft.audience.group_ids,
                      topic: draft.objective || draft.name,
                    }}
                    brandId={draft.brand_id}
                  />
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
    review: (
      <ReviewStep draft={draft} campaignId={id} version={autosave.savedKey} timeZone={timeZone} onGoTo={(s) => setStep(STEPS.indexOf(s))} />
    ),
  };
  const last = STEPS.length - 1;
  const current = STEPS[step] as Step;
  // errors without a step of their own (credits, plan, a network failure) stay in the page alert
  const stray = (err: unknown): boolean => Boolean(err) && fieldErrorsOf(err).length === 0;

  return (
    <Stack gap="lg" data-testid="launcher-page">
      <Group justify="space-between" align="flex-end">
        <div>
          {/* the save state beside the title: appearing there, it does not push the buttons onto a new row */}
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {t('campaigns.launcher.title')}
            </Title>
            <SaveIndicator state={autosave.state} />
          </Group>
          <Text c="dimmed" visibleFrom="sm">
            {t('campaigns.launcher.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          {canSend && (
            <Button
              variant="default"
              leftSection={<IconSend size={16} className="mirror-rtl" />}
              onClick={() => setTesting(true)}
              disabled={draft.channels.length === 0}
              data-testid="launcher-test-send"
            >
              {t('campaigns.launcher.test.open')}
            </Button>
          )}
          {canEdit && (
            <Button
              component={Link}
              to={id ? `/campaign/ai-plans/new?campaign=${id}` : '/campaign/ai-plans'}
              variant="default"
              leftSection={<IconSparkles size={16} />}
              data-testid="launcher-ai-plan"
            >
              {t('aiPlans.planWithAi')}
            </Button>
          )}
          <Button component={Link} to="/campaign/batches" variant="default" leftSection={<IconStack2 size={16} />} visibleFrom="sm">
            {t('campaigns.batches.title')}
          </Button>
          <Button
            component={Link}
            to="/campaignhistory"
            variant="default"
            leftSection={<IconHistory size={16} />}
            data-testid="launcher-history"
            visibleFrom="sm"
          >
            {t('campaigns.launcher.allCampaigns')}
          </Button>
        </Group>
      </Group>
      {!canEdit && <Alert color="gray">{t('campaigns.launcher.readOnly')}</Alert>}
      <StepNav active={step} states={states} onSelect={(i) => void (i <= step ? setStep(i) : goTo(i))} />
      <Stack gap="md" data-testid={`launcher-panel-${current}`}>
        {current !== 'brand' && <StepAlert issues={issuesOf(current).map((i) => i.message)} />}
        {panels[current]}
      </Stack>
      {leave.guard}
      {autosave.state === 'error' && stray(autosave.error) && (
        <ApiErrorAlert error={autosave.error} fallback={t('campaigns.launcher.save.error')} testId="launcher-error" />
      )}
      {stray(deploy.error) && (
        <ApiErrorAlert error={deploy.error} fallback={t('campaigns.launcher.launchFailed')} testId="launcher-error" />
      )}
      <Group justify="space-between" className={footer.footer} data-testid="launcher-footer">
        <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)} data-testid="launcher-back">
          {t('campaigns.launcher.back')}
        </Button>
        {step < last ? (
          <Button onClick={() => void goTo(step + 1)} data-testid="launcher-next">
            {t('campaigns.launcher.next')}
          </Button>
        ) : (
          canSend && (
            <Button leftSection={<IconRocket size={16} />} onClick={review} loading={deploy.isPending} data-testid="launcher-launch">
              {t(draft.schedule.mode === 'later' ? 'campaigns.launcher.scheduleLaunch' : 'campaigns.launcher.launch')}
            </Button>
          )
        )}
      </Group>
      <LaunchConfirm
        opened={confirming}
        draft={draft}
        estimate={estimate.data}
        timeZone={timeZone}
        needsApproval={Boolean(profile.data?.account.needs_approval)}
        busy={deploy.isPending}
        onConfirm={launch}
        onClose={() => setConfirming(false)}
      />
      <TestSendModal opened={testing} onClose={() => setTesting(false)} save={autosave.flush} />
    </Stack>
  );
}

/**
 * /campaign (offers the user's unfinished drafts, or starts one; ?new=1 always starts one) and
 * /campaign/:id (continue a draft). A launched campaign is shown in Campaign History.
 */
export function LauncherPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const [query, setQuery] = useSearchParams();
  const { userId } = useSession();
  const timeZone = useAccountTimeZone();
  const routeId = params.id ? Number(params.id) : null;
  // every navigation starts over, except the launcher's own move /campaign → /campaign/:id after its first save
  const [session, setSession] = useState({ id: routeId, locKey: location.key, n: 0, editing: false });
  if (location.key !== session.locKey) {
    const created = Boolean((location.state as { created?: boolean } | null)?.created);
    setSession(created ? { ...session, locKey: location.key } : { id: routeId, locKey: location.key, n: session.n + 1, editing: false });
  }
  const loadId = session.id;
  const campaign = useCampaign(loadId);
  const fresh = query.has('new');
  // only /campaign itself offers drafts, and only until the launcher is shown: its first save adds
  // a draft to that list and moves to /campaign/:id, and the router commits the move in a transition —
  // a render of the old address in between must not swap the draft being typed for the chooser
  const offerDrafts = loadId === null && routeId === null && !fresh && !session.editing;
  const drafts = useOwnDrafts(userId, offerDrafts);

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
  if (offerDrafts) {
    // the last unfinished drafts first: a new one is started only when asked for
    if (drafts.isPending && drafts.fetchStatus !== 'idle') return <PageLoader />;
    if (drafts.data && drafts.data.items.length > 0) {
      return <DraftChooser drafts={drafts.data.items} total={drafts.data.total} timeZone={timeZone} onNew={() => setQuery({ new: '1' })} />;
    }
    // nothing to offer: this visit is the launcher's from now on
    setSession({ ...session, editing: true });
  }
  return <Launcher key={session.n} initial={null} prefill={readPrefill(location.state)} />;
}
