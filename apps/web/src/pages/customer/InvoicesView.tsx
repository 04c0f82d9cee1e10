import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import ViewAgendaOutlinedIcon from '@mui/icons-material/ViewAgendaOutlined';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { InvoicesList } from './InvoicesList.tsx';
import { InvoicesTable, type InvoicesTableProps } from './InvoicesTable.tsx';

const STORAGE_KEY = 'kiosk.invoiceView';
const VIEWS = ['table', 'list'] as const;
type InvoiceView = (typeof VIEWS)[number];

function storedView(): InvoiceView | undefined {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return VIEWS.find((view) => view === stored);
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): the screen's width decides.
    return undefined;
  }
}

function storeView(view: InvoiceView): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, view);
  } catch {
    // Blocked storage only means the choice lasts until the page is left.
  }
}

/**
 * Seed 001 §2's two invoice lists behind a "Table | List" switch: the list on a phone and the table on a
 * wider screen until the customer picks one, then their pick, on every invoice list and visit.
 */
export function InvoicesView(props: InvoicesTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState(storedView);
  const view = chosen ?? (narrow ? 'list' : 'table');

  const choose = (next: InvoiceView | null) => {
    // Pressing the view already shown would leave neither pressed; it stays as it is.
    if (!next) return;
    setChosen(next);
    storeView(next);
  };

  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        value={view}
        exclusive
        size="small"
        aria-label={t('portal.invoices.view.label')}
        onChange={(_, next: InvoiceView | null) => choose(next)}
        sx={{ alignSelf: 'flex-end' }}
      >
        <ToggleButton value="table" sx={{ gap: 0.75, px: 1.5 }}>
          <TableChartOutlinedIcon fontSize="small" aria-hidden />
          {t('portal.invoices.view.table')}
        </ToggleButton>
        <ToggleButton value="list" sx={{ gap: 0.75, px: 1.5 }}>
          <ViewAgendaOutlinedIcon fontSize="small" aria-hidden />
          {t('portal.invoices.view.list')}
        </ToggleButton>
      </ToggleButtonGroup>
      {view === 'list' ? <InvoicesList {...props} /> : <InvoicesTable {...props} />}
    </Stack>
  );
}
