import { Alert, Anchor, Button, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import type { AiPlan, MarketingPlan } from '@risala/shared/schemas/ai-plans';
import { can } from '@risala/shared/permissions';
import { IconCheck, IconRocket, IconSend, IconSparkles, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useWritingStream } from '../../components/ai-writing/use-writing-stream.ts';
import { WritingPanel } from '../../components/ai-writing/WritingPanel.tsx';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { BackLink } from '../../components/page/BackLink.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { formatDate, formatMoney, intlLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { planKeys, useApplyPlan, usePersonalize, usePlan, usePlanStep } from './api/plans.ts';
import { DeletePlanDialog } from './components/DeletePlanDialog.tsx';
import { SegmentCard } from './components/SegmentCard.tsx';
import { StatusBadge } from './components/StatusBadge.tsx';
import { reasonText } from './reasons.ts';
import { useQueryClient } from '@tanstack/react-query';

function RejectDialog({
  opened,
  onClose,
  onReject,
  pending,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={t('aiPlans.actions.rejectTitle')}>
      <Stack gap="sm">
        <Textarea
          label={t('aiPlans.actions.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          required
          data-testid="ai-plan-reject-reason"
        />
        {Boolean(error) && <ApiErrorAlert error={error} fallback={t('aiPlans.actions.failed')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('aiPlans.actions.close')}
          </Button>
          <Button
            color="red"
            onClick={() => onReject(reason)}
            loading={pending}
            disabled={!reason.trim()}
            data-testid="ai-plan-reject-submit"
          >
            {t('aiPlans.actions.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Actions({ plan }: { plan: AiPlan }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const step = usePlanStep(plan.id);
  const apply = useApplyPlan(plan.id);
  const personalize = usePersonalize(plan.id);
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const make = can(permissions, 'campaign', 'create');
  const decide = can(permissions, 'campaign', 'approve');
  const editable = plan.status === 'DRAFT' || plan.status === 'REJECTED';
  const run = (kind: 'submit' | 'approve', toast: string) => step.mutate({ kind }, { onSuccess: () => showSuccessToast(toast) });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {editable && make && (
          <>
            <Button
              leftSection={<IconSend size={16} className="mirror-rtl" />}
              onClick={() => run('submit', 'aiPlans.actions.submitted')}
              loading={step.isPending}
              data-testid="ai-plan-submit-approval"
            >
              {t('aiPlans.actions.submit')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              onClick={() => personalize.mutate(undefined, { onSuccess: () => showSuccessToast('aiPlans.actions.personalized') })}
              loading={personalize.isPending}
              data-testid="ai-plan-personalize"
            >
              {t('aiPlans.actions.personalize')}
            </Button>
          </>
        )}
        {plan.status === 'PENDING_APPROVAL' && decide && (
          <>
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={() => run('approve', 'aiPlans.actions.approved')}
              loading={step.isPending}
              data-testid="ai-plan-approve"
            >
              {t('aiPlans.actions.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              onClick={() => setRejecting(true)}
              data-testid="ai-plan-reject"
            >
              {t('aiPlans.actions.reject')}
            </Button>
          </>
        )}
        {plan.status === 'APPROVED' && make && (
          <Button
            leftSection={<IconRocket size={16} />}
            onClick={() => apply.mutate(undefined, { onSuccess: () => showSuccessToast('aiPlans.actions.applied') })}
            loading={apply.isPending}
            data-testid="ai-plan-apply"
          >
            {t('aiPlans.actions.apply')}
          </Button>
        )}
        {plan.status !== 'PENDING_APPROVAL' && can(permissions, 'campaign', 'delete') && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
            data-testid="ai-plan-delete"
          >
            {t('aiPlans.actions.delete')}
          </Button>
        )}
      </Group>
      {plan.status === 'PENDING_APPROVAL' && !decide && (
        <Text size="sm" c="dimmed">
          {t('aiPlans.actions.waiting')}
        </Text>
      )}
      {[step, apply, personalize].map(
        (m, i) =>
          m.isError && (
            <ApiErrorAlert key={String(i)} error={m.error} fallback={t('aiPlans.actions.failed')} testId="ai-plan-action-error" />
          ),
      )}
      <RejectDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        pending={step.isPending}
        error={step.error}
        onReject={(reason) => step.mutate({ kind: 'reject', reason }, { onSuccess: () => setRejecting(false) })}
      />
      <DeletePlanDialog
        opened={deleting}
        name={plan.name}
        onClose={() => setDeleting(false)}
        pending={step.isPending}
        error={deleting ? step.error : null}
        onDelete={() => step.mutate({ kind: 'delete' }, { onSuccess: () => navigate('/campaign/ai-plans') })}
      />
    </Stack>
  );
}

/** The plan's text: written again by the account's engine, streamed, saved when finished (Stop cancels it). */
function Narrative({ plan, autoStart }: { plan: AiPlan; autoStart: boolean }) {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const qc = useQueryClient();
  const stream = useWritingStream<MarketingPlan>();
  const started = useRef(false);
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const write = () => void stream.start(`/api/ai/marketing-plan-stream/${plan.id}?lang=${lang}`);
  useEffect(() => {
    if (autoStart && !started.current) {
      started.current = true;
      write();
    }
  });
  useEffect(() => {
    if (stream.status === 'done') void qc.invalidateQueries({ queryKey: planKeys.one(plan.id) });
  }, [stream.status, qc, plan.id]);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('aiPlans.narrative.title')}
        </Title>
        {can(permissions, 'campaign', 'create') && stream.status !== 'writing' && (
          <Button size="xs" variant="light" leftSection={<IconSparkles size={14} />} onClick={write} data-testid="ai-plan-write">
            {t('aiPlans.narrative.write')}
          </Button>
        )}
      </Group>
      <WritingPanel
        state={stream}
        fallbackText={plan.narrative}
        engine={plan.engine}
        model={plan.model}
        onCancel={stream.cancel}
        testId="ai-plan-narrative"
        language={stream.status === 'idle' ? plan.narrative_language : lang}
        maxHeight={320}
      />
    </Paper>
  );
}

/** /campaign/ai-plans/:id: a plan — its text, segments, totals and notes, and the step it is at. */
export function PlanPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const location = useLocation();
  const plan = usePlan(id);
  if (plan.isPending) return <PageLoader />;
  if (plan.isError) return <LoadError error={plan.error} onRetry={() => void plan.refetch()} />;
  const p = plan.data;
  const body = p.plan;
  const n = (v: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(v);
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }, i18n.language);
  const autoStart = Boolean((location.state as { write?: boolean } | null)?.write);
  return (
    <Stack gap="lg" data-testid="ai-plan-page" data-plan={p.id} data-status={p.status}>
      <BackLink to="/campaign/ai-plans" label={t('aiPlans.title')} />
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2" dir="auto">
              {p.name}
            </Title>
            <StatusBadge status={p.status} />
          </Group>
          <Text c="dimmed">
            {t('aiPlans.header', {
              objective: t(`aiPlans.objectives.${p.objective}`),
              brand: body.brand.name,
              from: day(body.window.start_date),
              to: day(body.window.end_date),
            })}
          </Text>
          {p.decided_by_name && (
            <Text size="sm" c="dimmed">
              {t(p.status === 'REJECTED' ? 'aiPlans.rejectedBy' : 'aiPlans.approvedBy', {
                name: p.decided_by_name,
                at: formatDate(p.decided_at ?? '', { dateStyle: 'medium', timeStyle: 'short' }, i18n.language),
              })}
            </Text>
          )}
        </div>
        <Actions plan={p} />
      </Group>
      {p.status === 'REJECTED' && p.rejection_reason && (
        <Alert color="red" title={t('aiPlans.rejectedTitle')} data-testid="ai-plan-rejection">
          <span dir="auto">{p.rejection_reason}</span>
        </Alert>
      )}
      {p.status === 'APPLIED' && (
        <Alert color="blue" data-testid="ai-plan-applied">
          {t('aiPlans.appliedNote')}{' '}
          {p.applied_campaign_ids.map((cid, i) => (
            <span key={cid}>
              {i > 0 ? ' · ' : ''}
              <Anchor component={Link} to={`/campaign/${cid}`}>
                {t('aiPlans.draftLink', { n: n(i + 1) })}
              </Anchor>
            </span>
          ))}
        </Alert>
      )}
      <Narrative plan={p} autoStart={autoStart} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="ai-plan-totals">
        {(
          [
            ['aiPlans.totals.reachable', n(body.totals.reachable)],
            ['aiPlans.totals.messages', n(body.totals.messages)],
            ['aiPlans.totals.credits', t('aiPlans.totals.ofBudget', { credits: n(body.totals.credits), budget: n(body.totals.budget) })],
            ['aiPlans.totals.cost', formatMoney(body.totals.cost, i18n.language)],
          ] as const
        ).map(([key, value]) => (
          <Paper key={key} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {t(key)}
            </Text>
            <Text fw={700} c={key === 'aiPlans.totals.credits' && !body.totals.within_budget ? 'red' : undefined}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {body.segments.map((s) => (
        <SegmentCard key={s.key} seg={s} timeZone={body.window.time_zone} />
      ))}
      {body.notes.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="xs">
            {t('aiPlans.notesTitle')}
          </Title>
          <List size="sm" spacing={4} data-testid="ai-plan-notes-list">
            {body.notes.map((r, i) => (
              <List.Item key={`${r.key}-${i}`}>{reasonText(t, r, n)}</List.Item>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
