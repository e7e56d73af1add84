// Read-model collection names and document shapes of this area.
export {};
