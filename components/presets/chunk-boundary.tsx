"use client";

import { Component, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";

/**
 * Around a part of the studio whose code is a chunk fetched on demand (React.lazy): when the chunk cannot be
 * fetched, the part says so instead of leaving a blank, and the rest of the page keeps working.
 */
export class ChunkBoundary extends Component<{ what: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <Alert>{`${this.props.what} could not be loaded. Check your connection and reload the page.`}</Alert>;
  }
}
