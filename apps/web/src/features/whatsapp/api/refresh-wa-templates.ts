import type { WaTemplate } from '@risala/shared/schemas/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { waKeys } from './get-wa-templates.ts';

/** After an action: store the returned template and refetch lists and limits. */
export function useRefreshWaTemplates() {
  const client = useQueryClient();
  return (tpl?: WaTemplate) => {
    if (tpl) client.setQueryData(waKeys.one(tpl.id), tpl);
    void client.invalidateQueries({ queryKey: waKeys.all });
  };
}
