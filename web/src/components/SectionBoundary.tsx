import { Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The crashed section's place: a function component, as a class cannot use the translation hook. */
function SectionError() {
  const { t } = useTranslation();
  return (
    <Typography role="alert" color="error" sx={{ py: 2 }}>
      {t('errorOccurred')}
    </Typography>
  );
}

interface State {
  failed: boolean;
}

/** Catches a crash in one section so the rest of the page keeps working; shows 'An error occurred' in red. */
export class SectionBoundary extends Component<{ children: ReactNode; name?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Section ${this.props.name ?? ''} crashed`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <SectionError />;
    }
    return this.props.children;
  }
}
