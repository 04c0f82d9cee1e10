import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Category } from '@kiosk/contracts';
import { useDeleteCategory } from './use-categories.ts';

export interface DeleteCategoryDialogProps {
  category: Category;
  onClose: () => void;
}

/** Deleting asks first; a category apps are in is refused by the server, whose text stays in the dialog. */
export function DeleteCategoryDialog({ category, onClose }: DeleteCategoryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const remove = useDeleteCategory(category.id);

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('console.categories.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>
          {t('console.categories.deleteMessage', { name: category.name })}
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" autoFocus>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
          loading={remove.isPending}
        >
          {t('console.categories.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
