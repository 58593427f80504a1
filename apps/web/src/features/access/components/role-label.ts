import type { Role } from '@risala/shared/schemas/roles';
import type { TFunction } from 'i18next';

/** A built-in role's name in the reader's language; a custom role's name as its author wrote it. */
export function roleLabel(t: TFunction, role: Pick<Role, 'key' | 'role_name' | 'is_builtin'>): string {
  return role.is_builtin && role.key ? t(`roles.builtinNames.${role.key}`, { defaultValue: role.role_name }) : role.role_name;
}

/** A built-in role's description in the reader's language; a custom role's as written. */
export function roleDescription(t: TFunction, role: Pick<Role, 'key' | 'role_description' | 'is_builtin'>): string {
  return role.is_builtin && role.key
    ? t(`roles.builtinDescriptions.${role.key}`, { defaultValue: role.role_description })
    : role.role_description;
}
