import type { DataOf } from '@risala/shared/schemas/common';
import type { customerBulkResultEnvelopeSchema } from '@risala/shared/schemas/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './get-customers.ts';

export interface BulkRequest {
  action: 'add_to_group' | 'tag' | 'untag' | 'delete';
  ids?: number[];
  filter?: Record<string, string | number | boolean>;
  group_id?: number;
  tags?: string[];
}

/** POST /api/customers/bulk → { action, affected }. CONTACTS_ALREADY_ASSIGNED is shown in the dialog. */
export function useBulkCustomers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkRequest) => {
      const { data } = await api.post<DataOf<typeof customerBulkResultEnvelopeSchema>>('/api/customers/bulk', body, { silent: true });
      return data;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: customerKeys.all });
      void client.invalidateQueries({ queryKey: ['groups'] });
    },
  });
}
