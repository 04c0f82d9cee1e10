import { useTranslation } from 'react-i18next';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassDisabledIcon from '@mui/icons-material/HourglassDisabled';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { checkoutErrorText } from '../error-text.ts';
import { CheckoutMessage } from './CheckoutMessage.tsx';

export interface CheckoutUnavailableProps {
  /** Why there is no form: the page state it stands for. */
  state: 'error' | 'notFound' | 'expired' | 'empty';
  /** The checkout's id as given: a payment link's (`plink_…`) or a session's. */
  id: string;
  /** False when the id itself is malformed. */
  valid: boolean;
  error: unknown;
  onCancel: (() => void) | undefined;
}

/** The checkout that cannot be paid: an error (Oops), an unknown link or session, expired, or empty. */
export function CheckoutUnavailable({ state, id, valid, error, onCancel }: CheckoutUnavailableProps) {
  const { t } = useTranslation();
  switch (state) {
    case 'error':
      return (
        <CheckoutMessage
          icon={<ErrorOutlineIcon />}
          title={t('checkout.oops')}
          description={valid ? checkoutErrorText(error, t) : t('validation.checkoutId')}
          onCancel={onCancel}
        />
      );
    case 'notFound':
      return (
        <CheckoutMessage
          icon={<LinkOffIcon />}
          title={t('checkout.oops')}
          description={t(
            id.startsWith('plink_') ? 'error.PAYMENT_LINK_NOT_FOUND' : 'error.CHECKOUT_SESSION_NOT_FOUND',
          )}
          onCancel={onCancel}
        />
      );
    case 'expired':
      return (
        <CheckoutMessage
          icon={<HourglassDisabledIcon />}
          title={t('checkout.expired.title')}
          description={t('checkout.expired.description')}
          onCancel={onCancel}
        />
      );
    case 'empty':
      return (
        <CheckoutMessage
          icon={<RemoveShoppingCartIcon />}
          title={t('checkout.empty.title')}
          description={t('checkout.empty.description')}
          onCancel={onCancel}
        />
      );
  }
}
