import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';

/** The address's key of the one customer a list is narrowed to (a customer page's "See all"). */
export const CUSTOMER_PARAM = 'customer';

/**
 * A list narrowed to one customer by the address (`?customer=cus_…`): the id to ask the server with
 * (`''` for everyone's), and a chip that names the customer and widens the list again when removed.
 */
export function useCustomerFilter(livemode: boolean): { customerId: string; notice: ReactNode } {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const customerId = searchParams.get(CUSTOMER_PARAM) ?? '';
  const customer = useQuery({
    queryKey: modeKey(livemode, 'customer', customerId),
    enabled: customerId !== '',
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/customers/:id', { params: { id: customerId }, query: { livemode }, signal }),
  });
  if (!customerId) return { customerId, notice: null };
  const name = customer.data?.name ?? customer.data?.email ?? customerId;
  return {
    customerId,
    notice: (
      <Box sx={{ mb: 2 }}>
        <Chip
          label={t('dashboard.filter.customer', { name })}
          onDelete={() => {
            const next = new URLSearchParams(searchParams);
            next.delete(CUSTOMER_PARAM);
            next.delete('page');
            setSearchParams(next);
          }}
          slotProps={{ root: { 'aria-label': t('dashboard.filter.customer', { name }) } }}
        />
      </Box>
    ),
  };
}
