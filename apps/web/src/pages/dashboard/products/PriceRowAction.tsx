import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Price } from '@kiosk/contracts';
import { errorMessage, RowActions } from '@kiosk/react/ui';
import { EditPriceDialog } from './EditPriceDialog.tsx';
import type { useCatalogChanges } from './use-products.ts';

/**
 * A price's row actions. Edit opens a dialog for what may change on it. Archive or Restore acts at
 * once: an archived price sells no more, and what was bought at it stays as it was, so there is
 * nothing to confirm; a failure is said beside the button.
 */
export function PriceRowAction({
  price,
  name,
  upsells,
  changes,
}: {
  price: Price;
  /** How the price reads, to name the buttons for screen readers. */
  name: string;
  /** What it may offer as an upgrade (upsellChoices). */
  upsells: readonly { id: string; label: string }[];
  changes: ReturnType<typeof useCatalogChanges>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const busy = changes.updatePrice.isPending && changes.updatePrice.variables?.id === price.id;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <RowActions
        actions={[
          {
            label: t('catalog.price.edit'),
            ariaLabel: t('catalog.price.editNamed', { price: name }),
            onClick: () => setEditing(true),
          },
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
      {editing && (
        <EditPriceDialog
          price={price}
          name={name}
          upsells={upsells}
          onSave={(change) => changes.updatePrice.mutateAsync({ ...change, id: price.id })}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
