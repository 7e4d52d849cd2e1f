import BenchCore
import Testing

@Suite struct ProcessScheduleTests {
  @Test func repetitionsAreDealtOutAsEvenlyAsTheyGo() {
    let schedule = ProcessSchedule(builds: 1, processes: 3, repetitions: 20, timeBudgetSeconds: 30)
    #expect((0..<3).map(schedule.repetitions(ofProcess:)) == [7, 7, 6])
    #expect(schedule.slots.map(\.repetitions).reduce(0, +) == 20)
    let few = ProcessSchedule(builds: 1, processes: 4, repetitions: 2, timeBudgetSeconds: 30)
    #expect(few.slots.map(\.repetitions) == [1, 1, 0, 0])
  }

  @Test func oneBuildRunsItsProcessesInOrder() {
    let schedule = ProcessSchedule(builds: 1, processes: 3, repetitions: 6, timeBudgetSeconds: 30)
    #expect(schedule.slots.map(\.process) == [0, 1, 2])
    #expect(schedule.slots.allSatisfy { $0.build == 0 && $0.timeBudgetSeconds == 10 })
  }

  @Test func twoBuildsAlternateWhichGoesFirst() {
    let schedule = ProcessSchedule(builds: 2, processes: 3, repetitions: 6, timeBudgetSeconds: 30)
    #expect(schedule.slots.map(\.build) == [0, 1, 1, 0, 0, 1])
    #expect(schedule.slots.map(\.process) == [0, 0, 1, 1, 2, 2])
    // Each build gets every process's share.
    for build in 0..<2 {
      #expect(schedule.slots.filter { $0.build == build }.map(\.repetitions) == [2, 2, 2])
    }
  }

  @Test func aChildRunsItsShareIntoItsOwnFile() {
    let slot = ProcessSchedule.Slot(process: 1, build: 0, repetitions: 7, timeBudgetSeconds: 2.5)
    #expect(
      ProcessSchedule.childArguments(["--suite", "smoke"], slot: slot, out: "/tmp/part-1-2.json") == [
        "run", "--suite", "smoke", "--processes", "1", "--repetitions", "7", "--time-budget", "2.5", "--out",
        "/tmp/part-1-2.json",
      ])
  }
}
