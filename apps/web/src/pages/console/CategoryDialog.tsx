import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CATEGORY_NAME_MAX_LENGTH, checkCategoryName } from '@kiosk/core';
import type { Category } from '@kiosk/contracts';
import { useCreateCategory, useRenameCategory, type CategoryInput } from './use-categories.ts';

interface CategoryFormValues {
  name: string;
  zh: string;
}

export interface CategoryDialogProps {
  /** The category to rename; without it the dialog adds a new one. */
  category?: Category;
  onClose: () => void;
}

function categoryBody(values: CategoryFormValues): CategoryInput {
  const zh = values.zh.trim();
  return { name: values.name.trim(), locales: zh ? { zh } : {} };
}

/** Add or rename a category (seed 001 §5: letters, digits, spaces and '-'), with its Chinese name. */
export function CategoryDialog({ category, onClose }: CategoryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateCategory();
  const rename = useRenameCategory(category?.id ?? '');
  const save = category ? rename : create;
  const { control, handleSubmit } = useForm<CategoryFormValues>({
    defaultValues: { name: category?.name ?? '', zh: category?.locales.zh ?? '' },
  });

  const submit = handleSubmit((values) => save.mutate(categoryBody(values), { onSuccess: onClose }));
  // The server's own rule (the contract's `categoryName`), in the visitor's language.
  const validate = (optional: boolean) => (value: string) => {
    if (optional && !value.trim()) return true;
    const problem = checkCategoryName(value);
    return problem ? t(problem.key, problem.params) : true;
  };
  const hint = t('console.categories.nameHint', { length: CATEGORY_NAME_MAX_LENGTH });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>
          {t(category ? 'console.categories.renameTitle' : 'console.categories.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="name"
              control={control}
              rules={{ validate: validate(false) }}
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t('console.categories.name')}
                  required
                  autoFocus
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? hint}
                />
              )}
            />
            <Controller
              name="zh"
              control={control}
              rules={{ validate: validate(true) }}
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label={t('console.categories.zhName')}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? t('console.categories.zhNameHint')}
                  slotProps={{ htmlInput: { lang: 'zh' } }}
                />
              )}
            />
            {save.isError && <Alert severity="error">{save.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t(category ? 'console.categories.save' : 'console.categories.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
