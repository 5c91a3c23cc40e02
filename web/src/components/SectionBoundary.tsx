/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

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
      return (
        <Typography role="alert" color="error" sx={{ py: 2 }}>
          An error occurred
        </Typography>
      );
    }
    return this.props.children;
  }
}
