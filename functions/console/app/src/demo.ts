// A small problem inside the Gothenburg demo road network (infra/local/networks.ts):
// two vans from one depot, six deliveries, capacity forcing both to drive.
export const demoProblem = {
  description: 'console demo: Gothenburg deliveries',
  locations: {
    id: 1,
    location: [
      '57.7089,11.9746',
      '57.7000,11.9600',
      '57.7200,11.9900',
      '57.6950,11.9850',
      '57.7150,11.9500',
      '57.6900,11.9400',
      '57.7250,12.0100',
    ],
  },
  vehicles: [
    { id: 1, start_index: 0, end_index: 0, capacity: [6] },
    { id: 2, start_index: 0, end_index: 0, capacity: [6] },
  ],
  jobs: [
    { id: 101, location_index: 1, service: 120, delivery: [2] },
    { id: 102, location_index: 2, service: 120, delivery: [2] },
    { id: 103, location_index: 3, service: 120, delivery: [2] },
    { id: 104, location_index: 4, service: 120, delivery: [2] },
    { id: 105, location_index: 5, service: 120, delivery: [2] },
    { id: 106, location_index: 6, service: 120, delivery: [2] },
  ],
  options: { objective: { solving_time_limit: 2 } },
};
