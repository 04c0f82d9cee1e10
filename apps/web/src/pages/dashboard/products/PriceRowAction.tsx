import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Price } from '@kiosk/contracts';
import { errorMessage, RowActions } from '@kiosk/react/ui';
import type { useCatalogChanges } from './use-products.ts';

/**
 * Archive or restore one price, at once: an archived price sells no more, and what was bought at it
 * stays as it was, so there is nothing to confirm. A failure is said beside the button.
 */
export function PriceRowAction({
  price,
  name,
  changes,
}: {
  price: Price;
  /** How the price reads, to name the button for screen readers. */
  name: string;
  changes: ReturnType<typeof useCatalogChanges>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = changes.updatePrice.isPending && changes.updatePrice.variables?.id === price.id;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <RowActions
        actions={[
          {
            label: t(price.active ? 'catalog.price.archive' : 'catalog.price.restore'),
            ariaLabel: t(price.active ? 'catalog.price.archiveNamed' : 'catalog.price.restoreNamed', {
              price: name,
            }),
            loading: busy,
            disabled: changes.updatePrice.isPending,
            onClick: () => {
              setFailure(null);
              changes.updatePrice
                .mutateAsync({ id: price.id, active: !price.active })
                .catch((error: unknown) =>
                  setFailure(
                    t('catalog.price.toggleFailed', {
                      reason: errorMessage(error, t('catalog.price.tryAgain')),
                    }),
                  ),
                );
            },
          },
        ]}
      />
      {failure && (
        <Typography role="alert" variant="body2" color="error" sx={{ whiteSpace: 'normal' }}>
          {failure}
        </Typography>
      )}
    </Stack>
  );
}
