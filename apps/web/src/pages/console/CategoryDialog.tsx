import { useTranslation } from 'react-i18next';
import { CATEGORY_NAME_MAX_LENGTH, checkCategoryName } from '@kiosk/core';
import type { Category } from '@kiosk/contracts';
import { FormDialog, FormTextField } from '@kiosk/react/ui';
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
  const create = useCreateCategory();
  const rename = useRenameCategory(category?.id ?? '');
  const save = category ? rename : create;
  // The server's own rule (the contract's `categoryName`), in the visitor's language.
  const validate = (optional: boolean) => (value: string) => {
    if (optional && !value.trim()) return true;
    const problem = checkCategoryName(value);
    return problem ? t(problem.key, problem.params) : true;
  };

  return (
    <FormDialog<CategoryFormValues>
      title={t(category ? 'console.categories.renameTitle' : 'console.categories.addTitle')}
      size="xs"
      defaultValues={{ name: category?.name ?? '', zh: category?.locales.zh ?? '' }}
      submitLabel={t(category ? 'console.categories.save' : 'console.categories.create')}
      onSubmit={(values) => save.mutateAsync(categoryBody(values))}
      fieldOfPath={(path) => (path === 'body.locales.zh' ? 'zh' : undefined)}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="name"
            rules={{ validate: validate(false) }}
            label={t('console.categories.name')}
            hint={t('console.categories.nameHint', { length: CATEGORY_NAME_MAX_LENGTH })}
            required
            fullWidth
          />
          <FormTextField
            control={control}
            name="zh"
            rules={{ validate: validate(true) }}
            label={t('console.categories.zhName')}
            hint={t('console.categories.zhNameHint')}
            fullWidth
            slotProps={{ htmlInput: { lang: 'zh' } }}
          />
        </>
      )}
    </FormDialog>
  );
}
