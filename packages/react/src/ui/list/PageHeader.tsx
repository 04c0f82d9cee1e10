import type { ElementType, ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Where a page's back link leads, and what it says. */
export interface BackLink {
  to: string;
  label: ReactNode;
}

export interface PageHeaderProps {
  title: ReactNode;
  /** The heading's id, for the section or article it names. */
  titleId: string;
  /** 1 for a page, 2 for a section of a page (a list among others). */
  headingLevel?: 1 | 2;
  /** Chips beside the title: a status, test mode. */
  status?: ReactNode;
  /** Below the title: what the page is for, or the record's key facts (a total, a price). */
  description?: ReactNode;
  /** Beside the title on a wide screen, below it on a phone: the page's own buttons (Add, a mode switch). */
  actions?: ReactNode;
  back?: BackLink;
  /**
   * What renders the back link, given `to`: the host's router link (react-router's Link). Without
   * it the link is a plain anchor, a full page load.
   */
  linkComponent?: ElementType;
}

/** A link back to where the page was reached from, an arrow before its words. */
export function PageBackLink({ back, linkComponent }: { back: BackLink; linkComponent?: ElementType }) {
  return (
    <Link
      {...(linkComponent ? { component: linkComponent, to: back.to } : { href: back.to })}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {back.label}
    </Link>
  );
}

/** A page's or section's title with its status, description and actions, and a link back where it has one. */
export function PageHeader({
  title,
  titleId,
  headingLevel = 1,
  status,
  description,
  actions,
  back,
  linkComponent,
}: PageHeaderProps) {
  const page = headingLevel === 1;
  return (
    <>
      {back && <PageBackLink back={back} linkComponent={linkComponent} />}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={page ? 1 : 2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              id={titleId}
              component={page ? 'h1' : 'h2'}
              variant={page ? 'h4' : 'h6'}
              sx={{ fontWeight: page ? 700 : 600, overflowWrap: 'anywhere' }}
            >
              {title}
            </Typography>
            {status}
          </Stack>
          {typeof description === 'string' ? (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          ) : (
            description
          )}
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </>
  );
}
