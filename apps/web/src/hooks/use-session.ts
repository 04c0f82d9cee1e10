// The session is read the same way by the app and by the embeddable components (one query, one key).
export {
  useKioskSession as useSession,
  SESSION_QUERY_KEY,
  type Passport,
  type SessionAnswer,
  type SessionUser,
} from '@kiosk/react';
