// The one place that names where the product API lives. The server mounts every route group
// under this prefix and the UI's API client uses it as its default base URL, so a new API
// version is a change here (and a new route group), never a search-and-replace.
export const API_BASE_PATH = '/api/v1';
