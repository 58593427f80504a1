import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { inviteSchema } from '@risala/shared/schemas/team';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { useForm } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { currentLanguage, languageOptions } from '../../../lib/i18n.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { type TeamPage, useInvite } from '../api/team.ts';
import { PlanLimitNote, seatsOf } from './PlanLimitNote.tsx';
import { useRoleLabel } from './RoleName.tsx';

/**
 * Invite a colleague: the address, a role of the account (an owner only by an owner), their name
 * and language (the mail's), and whether their campaigns wait for approval.
 */
export function InviteModal({ roles, myRole, onClose }: { roles: TeamPage['roles']; myRole: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const invite = useInvite();
  const once = useSingleFlight();
  const offered = roles.filter((r) => r.key !== 'owner' || myRole === 'owner');
  const form = useForm({
    email: '',
    role_id: String(offered.find((r) => r.key === 'marketer')?.id ?? offered[0]?.id ?? ''),
    first_name: '',
    last_name: '',
    language: currentLanguage() as string,
    needs_approval: false as boolean,
  });
  const planLimit = isApiError(invite.error) && invite.error.code === 'PLAN_LIMIT_EXCEEDED' ? invite.error : null;
  const otherError = invite.error && !planLimit && !Object.keys(form.errors).some((k) => form.errors[k as 'email']) ? invite.error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    once((done) => void send().finally(done));
  }

  async function send() {
    const input = form.validate(inviteSchema, {
      ...form.values,
      first_name: form.values.first_name || undefined,
      last_name: form.values.last_name || undefined,
    });
    if (!input) return;
    try {
      await invite.mutateAsync(input);
      showSuccessToast('team.invite.sent', { email: input.email });
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code !== 'PLAN_LIMIT_EXCEEDED') form.showApiError(err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('team.invite.title')} size="lg" centered>
      <form onSubmit={submit} noValidate data-testid="team-invite-form">
        <Stack gap="sm">
          {planLimit && <PlanLimitNote {...seatsOf(planLimit.data)} />}
          {otherError && form.formError && <ApiErrorAlert error={otherError} fallback={form.formError} testId="team-invite-error" />}
          <TextInput
            label={t('team.fields.email')}
            type="email"
            dir="ltr"
            autoComplete="off"
            required
            data-autofocus
            data-testid="team-invite-email"
            {...form.inputProps('email')}
          />
          <Select
            label={t('team.fields.role')}
            description={t('team.invite.roleHint')}
            required
            allowDeselect={false}
            data={offered.map((r) => ({ value: String(r.id), label: roleLabel(r) }))}
            value={form.values.role_id || null}
            onChange={(v) => form.setValue('role_id', v ?? '')}
            error={form.inputProps('role_id').error}
            data-testid="team-invite-role"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('team.fields.first_name')}
              autoComplete="off"
              data-testid="team-invite-first"
              {...form.inputProps('first_name')}
            />
            <TextInput
              label={t('team.fields.last_name')}
              autoComplete="off"
              data-testid="team-invite-last"
              {...form.inputProps('last_name')}
            />
          </SimpleGrid>
          <Select
            label={t('team.fields.language')}
            description={t('team.invite.languageHint')}
            allowDeselect={false}
            data={languageOptions()}
            value={form.values.language}
            onChange={(v) => form.setValue('language', v ?? 'en')}
            data-testid="team-invite-language"
          />
          <Checkbox
            label={t('team.fields.needs_approval')}
            description={t('team.invite.approvalHint')}
            checked={form.values.needs_approval}
            onChange={(e) => form.setValue('needs_approval', e.currentTarget.checked)}
            data-testid="team-invite-approval"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('team.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="team-invite-submit">
              {t('team.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
