export const MOCK_BASE = '/api/mock';
