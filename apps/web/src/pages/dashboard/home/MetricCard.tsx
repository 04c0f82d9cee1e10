import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export interface MetricCardProps {
  title: string;
  hint: string;
  total: string;
  /** The list the number opens, and the link's name for screen readers. */
  to: string;
  linkLabel: string;
  /** What the chart shows, said to screen readers in place of its drawing. */
  chartLabel: string;
  chart: ReactNode;
}

/** One figure of the home: its name, its total (a link to its list) and its days in a chart. */
export function MetricCard({ title, hint, total, to, linkLabel, chartLabel, chart }: MetricCardProps) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
        <Link
          component={RouterLink}
          to={to}
          aria-label={linkLabel}
          underline="hover"
          variant="h5"
          sx={{ display: 'block', mt: 1, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        >
          {total}
        </Link>
        <Box role="img" aria-label={chartLabel} sx={{ mt: 1, minWidth: 0 }}>
          {chart}
        </Box>
      </CardContent>
    </Card>
  );
}

/** A card's place while the figures load. */
export function MetricCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Skeleton width="40%" />
        <Skeleton width="60%" />
        <Skeleton variant="text" width="50%" sx={{ fontSize: '2rem' }} />
        <Skeleton variant="rounded" height={160} />
      </CardContent>
    </Card>
  );
}
