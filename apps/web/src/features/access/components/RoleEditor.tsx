import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Action, EntityName, PermissionTree } from '@risala/shared/permissions';
import { can } from '@risala/shared/permissions';
import { type Role, roleInputSchema } from '@risala/shared/schemas/roles';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/forms.ts';
import { isApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useSaveRole } from '../api/roles.ts';
import { type Grants, PermissionMatrix } from './PermissionMatrix.tsx';
import { roleLabel } from './role-label.ts';

const FIELDS = ['role_name', 'role_description', 'permissions'];

const grantsOf = (role: Role | null): Grants =>
  Object.fromEntries((role?.permissions.sms_portal ?? []).map((e) => [e.entity, e.actions])) as Grants;

/**
 * Create or edit a custom role, or look at a built-in one (read-only): name, description and the
 * entity × action matrix. Actions the author's own role lacks are shown but cannot be ticked (the
 * server refuses them too: ROLE_GRANTS_EXCEED_OWN).
 */
export function RoleEditor({
  role,
  mine,
  opened,
  onClose,
}: {
  role: Role | null;
  mine: PermissionTree | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const readOnly = role?.is_builtin ?? false;
  const [name, setName] = useState(role?.role_name ?? '');
  const [description, setDescription] = useState(role?.role_description ?? '');
  const [grants, setGrants] = useState<Grants>(() => grantsOf(role));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>();
  const save = useSaveRole();
  const once = useSingleFlight();

  const allowed = (entity: EntityName, action: Action) => can(mine, entity, action);
  const title = readOnly
    ? t('roles.form.viewTitle', { name: roleLabel(t, role as Role) })
    : t(role ? 'roles.form.editTitle' : 'roles.form.createTitle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const input = {
      role_name: name,
      role_description: description,
      permissions: Object.entries(grants)
        .filter(([, actions]) => actions && actions.length > 0)
        .map(([entity, actions]) => ({ entity: entity as EntityName, actions: actions as Action[] })),
    };
    const parsed = roleInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(undefined);
    await once(async () => {
      try {
        await save.mutateAsync({ id: role?.id, input });
        showSuccessToast(role ? 'roles.form.saved' : 'roles.form.created');
        onClose();
      } catch (err) {
        if (!isApiError(err)) throw err;
        const split = apiFieldErrors(err, FIELDS);
        setErrors(split.fields);
        if (split.form) setFormError(err);
      }
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" fullScreen={phone} data-testid="role-editor">
      <form onSubmit={submit} noValidate>
        <Stack>
          {readOnly && (
            <Alert color="gray" data-testid="role-read-only">
              {t('roles.readOnly')}
            </Alert>
          )}
          <TextInput
            label={t('roles.form.name')}
            value={readOnly ? roleLabel(t, role as Role) : name}
            onChange={(e) => setName(e.currentTarget.value)}
            readOnly={readOnly}
            required={!readOnly}
            maxLength={100}
            error={translateMessage(errors.role_name)}
            data-testid="role-name"
          />
          <Textarea
            label={t('roles.form.description')}
            description={readOnly ? undefined : t('roles.form.descriptionHint')}
            value={readOnly && role?.key ? t(`roles.builtinDescriptions.${role.key}`) : description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            readOnly={readOnly}
            autosize
            minRows={2}
            maxLength={500}
            error={translateMessage(errors.role_description)}
            data-testid="role-description"
          />
          <div>
            <Text fw={600} size="sm" id="role-permissions-label">
              {t('roles.form.permissions')}
            </Text>
            {!readOnly && (
              <Text size="xs" c="dimmed" mb="xs">
                {t('roles.form.permissionsHint')}
              </Text>
            )}
            {errors.permissions && (
              <Text c="red" size="sm" role="alert">
                {translateMessage(errors.permissions)}
              </Text>
            )}
            <PermissionMatrix grants={grants} onChange={setGrants} allowed={allowed} readOnly={readOnly} />
          </div>
          {formError !== undefined && <ApiErrorAlert error={formError} fallback={t('errors.INTERNAL_ERROR')} testId="role-error" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="role-cancel">
              {t(readOnly ? 'roles.form.close' : 'roles.form.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={save.isPending} data-testid="role-save">
                {t(role ? 'roles.form.save' : 'roles.form.create')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
