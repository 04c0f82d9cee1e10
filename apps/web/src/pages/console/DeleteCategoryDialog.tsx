import { useTranslation } from 'react-i18next';
import type { Category } from '@kiosk/contracts';
import { ConfirmDialog } from '@kiosk/react/ui';
import { useDeleteCategory } from './use-categories.ts';

export interface DeleteCategoryDialogProps {
  category: Category;
  onClose: () => void;
}

/** Deleting asks first; a category apps are in is refused by the server, whose text stays in the dialog. */
export function DeleteCategoryDialog({ category, onClose }: DeleteCategoryDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteCategory(category.id);
  return (
    <ConfirmDialog
      title={t('console.categories.deleteTitle')}
      message={t('console.categories.deleteMessage', { name: category.name })}
      confirmLabel={t('console.categories.delete')}
      tone="danger"
      onConfirm={() => remove.mutateAsync()}
      onClose={onClose}
    />
  );
}
