"""How long a test may take (seconds), its fixtures' set-up included, before it fails by its name
(pytest-timeout; tests/conftest.py gives each test its deadline): generous for a loaded two-core
machine. A test marked ``slow`` may take :data:`SLOW_TEST_TIMEOUT`, and a test may say its own
with ``@pytest.mark.timeout(N)``."""

TEST_TIMEOUT = 300
SLOW_TEST_TIMEOUT = 900
