"use client";

import { createContext, useContext } from "react";

/** True for viewers: native controls are disabled by a <fieldset>, custom ones read this. */
export const ReadOnlyContext = createContext(false);
export const useReadOnly = () => useContext(ReadOnlyContext);
