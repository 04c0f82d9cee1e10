import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

export interface MetricChartProps {
  kind: 'line' | 'bar';
  /** The days, `YYYY-MM-DD`, oldest first. */
  days: string[];
  values: number[];
  /** How an axis or tooltip writes a day and a value. */
  formatDay: (day: string) => string;
  formatValue: (value: number) => string;
}

const HEIGHT = 160;
const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

/**
 * One metric's days as a chart, from the subpaths so that only these two charts load, with the home.
 * Its numbers are also in text beside it: the caller names it for screen readers.
 */
export function MetricChart({ kind, days, values, formatDay, formatValue }: MetricChartProps) {
  const xAxis = [{ data: days, valueFormatter: formatDay, tickMinStep: 1 }];
  const yAxis = [{ valueFormatter: formatValue, width: 56 }];
  if (kind === 'bar')
    return (
      <BarChart
        height={HEIGHT}
        margin={MARGIN}
        hideLegend
        xAxis={[{ ...xAxis[0]!, scaleType: 'band' }]}
        yAxis={yAxis}
        series={[{ data: values, valueFormatter: (value) => (value === null ? '' : formatValue(value)) }]}
      />
    );
  return (
    <LineChart
      height={HEIGHT}
      margin={MARGIN}
      hideLegend
      xAxis={[{ ...xAxis[0]!, scaleType: 'point' }]}
      yAxis={yAxis}
      series={[
        {
          data: values,
          area: true,
          showMark: false,
          valueFormatter: (value) => (value === null ? '' : formatValue(value)),
        },
      ]}
    />
  );
}
