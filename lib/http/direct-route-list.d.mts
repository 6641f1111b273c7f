export declare const DIRECT_ROUTES: readonly { source: string; why: string }[];
export declare const DIRECT_ROUTE_SOURCES: string[];
